import { LANGUAGES, type Language } from '@wordhoard/shared';
import { useAfterLoadWhenIdle } from '../../../shared/hooks/useAfterLoadWhenIdle';
import { useIsMobile } from '../../../shared/hooks/useMediaQuery';
import { cx } from '../../../shared/lib/classNames';
import { LANGUAGE_ENDONYMS } from '../../../shared/ui/LanguagePicker/languageNames';
import { TUTORIAL_RECORDINGS } from '../content';
import styles from './TutorialVideo.module.css';

interface TutorialVideoProps {
  /** The video's accessible name. */
  title: string;
  /** Shown by browsers that play neither WebM nor MP4. */
  unsupported: string;
  /** The interface language: its captions are the default track. */
  language: Language;
}

/**
 * The tutorial from our own origin: the phone recording below 768 px, the desktop one from
 * there on, switched as the viewport crosses the breakpoint (a media query listener; browsers
 * ignore `media` on video sources). Nothing but the poster is downloaded before play, and the
 * captions of every interface language come along, the current one on by default.
 */
export function TutorialVideo({ title, unsupported, language }: TutorialVideoProps) {
  const size = useIsMobile() ? 'mobile' : 'desktop';
  const recording = TUTORIAL_RECORDINGS[size];
  // The poster (25–60 KB) waits until the page has loaded and the browser is idle: on a slow
  // phone it came in before the first screen's picture and competed with it (Lighthouse's
  // largest paint; after the load event alone was still too soon). The frame keeps its size
  // meanwhile, so nothing moves when it arrives.
  // The player's controls wait too: Chromium draws them with a dozen SVG icons, each a document
  // it builds on the main thread (a trace of the landing page: ~8 such documents, 7–9 ms each at
  // 4x throttling, in the tasks around the largest paint). The video is below the first screen.
  const idle = useAfterLoadWhenIdle();
  return (
    <div className={cx(styles.frame, styles[size])}>
      {/* A new element per size and language: sources and the default track are read on load. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the rule misses tracks from a map */}
      <video
        key={`${size}-${language}`}
        className={styles.video}
        controls={idle}
        preload="none"
        playsInline
        poster={idle ? recording.poster : undefined}
        width={recording.width}
        height={recording.height}
        aria-label={title}
        data-testid="tutorial-video"
        data-size={size}
      >
        <source src={recording.webm} type="video/webm" />
        <source src={recording.mp4} type="video/mp4" />
        {LANGUAGES.map((captions) => (
          <track
            key={captions}
            kind="captions"
            src={recording.captions(captions)}
            srcLang={captions}
            label={LANGUAGE_ENDONYMS[captions]}
            default={captions === language}
          />
        ))}
        {unsupported}
      </video>
    </div>
  );
}
