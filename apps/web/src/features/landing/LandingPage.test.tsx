import { QueryClientProvider } from '@tanstack/react-query';
import type { User } from '@wordhoard/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAppServices, createQueryClient } from '../../app/services';
import { createI18n } from '../../shared/i18n';
import { ServiceProvider } from '../../shared/services';
import { stubViewport } from '../../shared/ui/testing/viewport';
import { startApiServer, type ApiServer, type TestBrowser } from '../../test/apiServer';
import LandingPage from './LandingPage';

/** The landing page with real i18n and services, talking to `server` from `browser`. */
async function renderLanding(
  server: ApiServer,
  browser: TestBrowser,
  { i18n, user }: { i18n?: I18n; user?: User } = {},
) {
  const instance = i18n ?? (await createI18n({ language: 'en' }));
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: '*', element: <LandingPage /> }]);
  const services = createAppServices({
    i18n: instance,
    queryClient,
    navigate: (to) => void router.navigate(to),
    apiBaseUrl: server.apiUrl,
    fetch: browser.fetch,
  });
  if (user) await services.session.setUser(user);
  render(
    <I18nextProvider i18n={instance}>
      <QueryClientProvider client={queryClient}>
        <ServiceProvider services={services}>
          <RouterProvider router={router} />
        </ServiceProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { i18n: instance, services, user: userEvent.setup() };
}

describe('the landing page', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  let restoreViewport: () => void = () => {};

  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());

  beforeEach(() => {
    browser = server.browser();
  });

  afterEach(async () => {
    restoreViewport();
    restoreViewport = () => {};
    window.localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('shows the title, the motto and the way in, then the slides, the video and three reviews', async () => {
    restoreViewport = stubViewport(1280);
    await renderLanding(server, browser);

    expect(screen.getByRole('heading', { level: 1, name: 'Wordhoard' })).toBeInTheDocument();
    expect(screen.getByText(/Collect words in any language/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/menu');

    const slider = screen.getByTestId('how-to-slider');
    for (const header of ['Build your dictionaries', 'Test yourself', 'Stay organised']) {
      expect(within(slider).getByRole('heading', { level: 3, name: header })).toBeInTheDocument();
    }
    expect(within(slider).getByRole('button', { name: 'Next slide' })).toBeInTheDocument();
    const pictures = slider.querySelectorAll('picture');
    expect(pictures).toHaveLength(3);
    for (const picture of pictures) {
      expect(picture.querySelector('source')).toHaveAttribute('media', '(min-width: 768px)');
      expect(picture.querySelector('img')?.getAttribute('alt')).not.toBe('');
    }

    // Our own recording, not the external player.
    const videos = screen.getByTestId('video-slider');
    const video = within(videos).getByLabelText('Wordhoard tutorial video');
    expect(video.tagName).toBe('VIDEO');
    expect(video.querySelector('source')).toHaveAttribute('src', '/tutorial/tutorial-desktop.webm');
    expect(video.querySelector('track[default]')).toHaveAttribute('srclang', 'en');
    expect(screen.queryByRole('button', { name: 'Play the tutorial video' })).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();

    const reviews = screen.getByRole('region', { name: 'What learners say' });
    expect(within(reviews).getAllByRole('figure')).toHaveLength(3);
    expect(within(reviews).getByRole('img', { name: 'Rated 5 out of 5 stars' })).toBeInTheDocument();
  });

  it("loads only the first slide's picture with the page; the other pictures once it is idle", async () => {
    restoreViewport = stubViewport(1280);
    await renderLanding(server, browser);

    const [first, ...others] = Array.from(screen.getByTestId('how-to-slider').querySelectorAll('picture'));
    expect(first?.querySelector('img')).toHaveAttribute('src', '/images/landing/slide-dictionary-mobile.svg');
    expect(first?.querySelector('source')).toHaveAttribute(
      'srcset',
      '/images/landing/slide-dictionary-desktop.svg',
    );
    const reviews = screen.getByRole('region', { name: 'What learners say' });
    const deferred = [
      ...others.flatMap((picture) => [picture.querySelector('img'), picture.querySelector('source')]),
      ...within(reviews).getAllByRole('img'),
    ];
    expect(deferred).toHaveLength(8);
    for (const element of deferred) {
      expect(element).not.toHaveAttribute('src');
      expect(element).not.toHaveAttribute('srcset');
    }

    await waitFor(() => {
      for (const element of deferred) {
        expect(element?.getAttribute('src') ?? element?.getAttribute('srcset')).toMatch(
          /^\/images\/landing\/.+\.svg$/,
        );
      }
    });
    expect(others[1]?.querySelector('img')).toHaveAttribute(
      'src',
      '/images/landing/slide-organization-mobile.svg',
    );
  });

  it('on a phone, plays the phone recording with the captions of the interface language', async () => {
    restoreViewport = stubViewport(375);
    await renderLanding(server, browser, { i18n: await createI18n({ language: 'pl' }) });

    const section = screen.getByRole('region', { name: 'Obejrzyj samouczek' });
    const video = within(section).getByLabelText('Film instruktażowy Wordhoard');
    expect([...video.querySelectorAll('source')].map((source) => source.getAttribute('src'))).toEqual([
      '/tutorial/tutorial-mobile.webm',
      '/tutorial/tutorial-mobile.mp4',
    ]);
    await waitFor(() => expect(video).toHaveAttribute('poster', '/tutorial/tutorial-mobile.jpg'));
    expect(video.querySelector('track[default]')).toHaveAttribute('src', '/tutorial/tutorial-mobile.pl.vtt');
    // The recording shows the English interface: said in the language of the captions.
    expect(within(section).getByText('Ekrany w filmie są po angielsku.')).toBeInTheDocument();
  });

  it('does not tell an English reader that the video is in English', async () => {
    restoreViewport = stubViewport(1280);
    await renderLanding(server, browser);

    const section = screen.getByRole('region', { name: 'Watch the tutorial' });
    expect(within(section).getByLabelText('Wordhoard tutorial video')).toBeInTheDocument();
    expect(within(section).queryByText(/in English/)).not.toBeInTheDocument();
  });

  it('with video host ids configured, shows the external player behind its play button instead', async () => {
    restoreViewport = stubViewport(1280);
    const tags = [
      ['tutorial-video-desktop', 'desktop-id1'],
      ['tutorial-video-mobile', 'mobile-id22'],
    ].map(([name = '', content = '']) => {
      const tag = document.createElement('meta');
      tag.name = `wordhoard:${name}`;
      tag.content = content;
      return document.head.appendChild(tag);
    });
    try {
      const { user } = await renderLanding(server, browser);

      const section = screen.getByRole('region', { name: 'Watch the tutorial' });
      expect(section.querySelector('video')).toBeNull();
      await user.click(within(section).getByRole('button', { name: 'Play the tutorial video' }));
      expect(within(section).getByTitle('Wordhoard tutorial video')).toHaveAttribute(
        'src',
        'https://www.youtube-nocookie.com/embed/desktop-id1?autoplay=1',
      );
      expect(section).toHaveTextContent('The video comes from YouTube');
    } finally {
      for (const tag of tags) tag.remove();
    }
  });

  it('the slider is there at once: arrows go round, bullets mark the current slide, arrow keys move it', async () => {
    restoreViewport = stubViewport(412);
    const { user } = await renderLanding(server, browser);

    const slider = screen.getByTestId('how-to-slider');
    expect(slider).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = within(slider).getAllByRole('group');
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(slides[0]).toHaveAttribute('aria-roledescription', 'slide');
    // The first slide's picture is the largest paint: fetched first.
    expect(slider.querySelector('img')).toHaveAttribute('fetchpriority', 'high');
    const bullet = (index: number) => within(slider).getByRole('button', { name: `Go to slide ${index}` });
    expect(bullet(1)).toHaveAttribute('aria-current', 'true');

    await user.click(within(slider).getByRole('button', { name: 'Previous slide' }));
    expect(slider).toHaveAttribute('data-current-slide', 'organization');
    expect(bullet(3)).toHaveAttribute('aria-current', 'true');
    expect(bullet(1)).not.toHaveAttribute('aria-current');

    await user.click(within(slider).getByRole('button', { name: 'Next slide' }));
    expect(slider).toHaveAttribute('data-current-slide', 'dictionary');

    await user.click(bullet(2));
    expect(slider).toHaveAttribute('data-current-slide', 'testing');
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('data-current-slide', 'organization');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(slider).toHaveAttribute('data-current-slide', 'dictionary');

    // One slide: no controls.
    expect(
      within(screen.getByTestId('video-slider')).queryByRole('button', { name: 'Next slide' }),
    ).toBeNull();
  });

  it('on desktop, a flag switches the interface at once and remembers the choice', async () => {
    restoreViewport = stubViewport(1280);
    const { user, i18n } = await renderLanding(server, browser);

    await user.click(screen.getByRole('button', { name: 'Deutsch' }));

    expect(await screen.findByRole('link', { name: 'Loslegen' })).toHaveAttribute('href', '/menu');
    expect(i18n.language).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(window.localStorage.getItem('i18nextLng')).toBe('de');
    expect(screen.getByRole('button', { name: 'Deutsch' })).toHaveAttribute('aria-pressed', 'true');
    // A visitor has no account to save the choice to.
    expect(browser.requests.filter((request) => request.method === 'PATCH')).toEqual([]);
  });

  it("saves a signed-in user's choice to the account", async () => {
    restoreViewport = stubViewport(1280);
    const member = await browser.signIn();
    const { user, services } = await renderLanding(server, browser, { user: member });

    await user.click(screen.getByRole('button', { name: 'Українська' }));

    await waitFor(() => expect(services.session.getUser()?.interfaceLanguage).toBe('uk'));
    const patches = browser.requests.filter((request) => request.method === 'PATCH');
    expect(patches.map((request) => [request.url, JSON.parse(request.body)])).toEqual([
      ['/api/users/me', { interfaceLanguage: 'uk' }],
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Як це працює' })).toBeInTheDocument();
    expect((await server.api.as(browser.cookie()).call('me')).data().interfaceLanguage).toBe('uk');
  });

  it('on a phone, the dropdown starts on the detected language and lists the others', async () => {
    restoreViewport = stubViewport(375);
    window.history.replaceState(null, '', '/?lng=pl-PL');
    const { user } = await renderLanding(server, browser, { i18n: await createI18n() });

    const trigger = screen.getByRole('button', { name: 'Język interfejsu: Polski' });
    await user.click(trigger);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).not.toContain('Polski');
    expect(options).toHaveLength(6);

    await user.click(screen.getByRole('option', { name: 'Français' }));

    expect(
      await screen.findByRole('button', { name: 'Langue de l’interface: Français' }),
    ).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
  });

  it('on a phone, an unsupported detected language starts the dropdown on English', async () => {
    restoreViewport = stubViewport(375);
    window.history.replaceState(null, '', '/?lng=ja');
    await renderLanding(server, browser, { i18n: await createI18n() });

    // Flag plus the native name on a phone, never the bare code.
    expect(screen.getByRole('button', { name: 'Interface language: English' })).toHaveTextContent(/^English/);
  });
});
