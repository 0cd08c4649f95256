import { Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useIsMobile } from '../../../shared/hooks/useMediaQuery';
import { cx } from '../../../shared/lib/classNames';
import { TUTORIAL_POSTERS, videoEmbedUrl } from '../content';
import styles from './VideoFacade.module.css';

export interface VideoIds {
  /** Played below 768 px. */
  mobile: string;
  desktop: string;
}

interface VideoFacadeProps {
  ids: VideoIds;
  /** The video's title: names the play button and, once playing, the player frame. */
  title: string;
  /** The play button's name, e.g. "Play the video: …". */
  playLabel: string;
  /** Lifted state, so the player survives a re-mount (e.g. when the slider takes over). */
  playingId?: string | null;
  onPlay?: (id: string) => void;
}

/**
 * A poster button standing in for the external player (a "facade"): nothing is requested from
 * the video host until the visitor presses play, which keeps the page fast and working
 * offline. Play picks the recording for the viewport: the mobile one below 768 px.
 */
export function VideoFacade({ ids, title, playLabel, playingId, onPlay }: VideoFacadeProps) {
  const isMobile = useIsMobile();
  const [ownPlayingId, setOwnPlayingId] = useState<string | null>(null);
  const current = playingId === undefined ? ownPlayingId : playingId;
  const frameRef = useRef<HTMLIFrameElement>(null);
  const startedHere = useRef(false);

  useEffect(() => {
    // The button the visitor pressed is gone; keep their focus on what replaced it.
    if (current && startedHere.current) frameRef.current?.focus();
  }, [current]);

  const play = () => {
    const id = isMobile ? ids.mobile : ids.desktop;
    startedHere.current = true;
    setOwnPlayingId(id);
    onPlay?.(id);
  };

  const portrait = current ? current === ids.mobile && ids.mobile !== ids.desktop : isMobile;
  return (
    <div
      className={cx(styles.frame, portrait ? styles.portrait : styles.landscape)}
      data-testid="video-facade"
    >
      {current ? (
        <iframe
          ref={frameRef}
          className={styles.player}
          src={videoEmbedUrl(current)}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button type="button" className={styles.poster} onClick={play} aria-label={playLabel}>
          <picture>
            <source
              media="(min-width: 768px)"
              srcSet={TUTORIAL_POSTERS.desktop.src}
              width={TUTORIAL_POSTERS.desktop.width}
              height={TUTORIAL_POSTERS.desktop.height}
            />
            <img
              src={TUTORIAL_POSTERS.mobile.src}
              width={TUTORIAL_POSTERS.mobile.width}
              height={TUTORIAL_POSTERS.mobile.height}
              alt=""
              loading="lazy"
              decoding="async"
              className={styles.posterImage}
            />
          </picture>
          <span className={styles.playIcon} aria-hidden="true">
            <Play />
          </span>
        </button>
      )}
    </div>
  );
}
