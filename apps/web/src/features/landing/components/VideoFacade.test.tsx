import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { stubViewport } from '../../../shared/ui/testing/viewport';
import { VideoFacade } from './VideoFacade';

/** Ids as a deployment sets them (TUTORIAL_VIDEO_DESKTOP / TUTORIAL_VIDEO_MOBILE). */
const TUTORIAL_VIDEO_IDS = { desktop: 'desktop-id1', mobile: 'mobile-id22' };

const renderFacade = () =>
  render(
    <VideoFacade
      ids={TUTORIAL_VIDEO_IDS}
      title="Wordhoard tutorial video"
      playLabel="Play the tutorial video"
    />,
  );

describe('the tutorial video facade', () => {
  let restore: () => void = () => {};
  afterEach(() => restore());

  it('loads no player until play is pressed: only a named poster button', () => {
    restore = stubViewport(1280);
    renderFacade();

    expect(document.querySelector('iframe')).toBeNull();
    const play = screen.getByRole('button', { name: 'Play the tutorial video' });
    // The poster is local; nothing comes from the video host before play.
    for (const source of play.querySelectorAll('img, source')) {
      expect(source.getAttribute('src') ?? source.getAttribute('srcset')).toMatch(/^\/images\//);
    }
  });

  it.each([
    [1280, TUTORIAL_VIDEO_IDS.desktop],
    [768, TUTORIAL_VIDEO_IDS.desktop],
    [767, TUTORIAL_VIDEO_IDS.mobile],
    [375, TUTORIAL_VIDEO_IDS.mobile],
  ])('at %i px wide plays %s from the privacy-enhanced host', async (width, id) => {
    restore = stubViewport(width);
    const user = userEvent.setup();
    renderFacade();

    await user.click(screen.getByRole('button', { name: 'Play the tutorial video' }));

    const frame = screen.getByTitle('Wordhoard tutorial video');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`);
    expect(frame.getAttribute('allow')).toContain('autoplay');
    expect(frame).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Play the tutorial video' })).not.toBeInTheDocument();
  });
});
