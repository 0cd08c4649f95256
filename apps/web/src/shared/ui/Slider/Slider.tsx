import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useMediaQuery } from '../../hooks/useMediaQuery';
import { cx } from '../../lib/classNames';
import styles from './Slider.module.css';

export interface SliderSlide {
  id: string;
  content: ReactNode;
}

/** What the controls and slides are called, in the interface language. */
export interface SliderMessages {
  previous: string;
  next: string;
  /** Names a pagination button: "Go to slide 2". */
  goTo: (index: number) => string;
  /** Names a slide: "2 of 3". */
  slideLabel: (index: number, slidesLength: number) => string;
  /** aria-roledescription of the whole slider and of a slide, e.g. "carousel" and "slide". */
  roleDescription: string;
  slideRoleDescription: string;
}

export interface SliderProps {
  /** Names the slider (a group with the carousel role description). */
  label: string;
  slides: readonly SliderSlide[];
  messages: SliderMessages;
  className?: string;
  'data-testid'?: string;
}

/** SPEC §1 and §9: one slide at a time, 30 px apart (the gap is in Slider.module.css). */
export const SLIDER_SETTINGS = { slidesPerView: 1, spaceBetween: 30 } as const;

/** A slide counts as the current one once this share of it is in view. */
const CURRENT_SLIDE_VISIBLE_SHARE = 0.6;

/**
 * A carousel on the browser's own scrolling (CSS scroll snap), one slide at a time, with real
 * <button> arrows that go round past either end, clickable pagination that marks the current
 * slide, and arrow keys while focus is inside it (not page-wide). Swiping is the browser's, so it
 * works before any script runs and costs no main-thread time; under prefers-reduced-motion the
 * slides jump. Why not Swiper: docs/decisions/0062-native-slider.md.
 */
export function Slider({ label, slides, messages, className, 'data-testid': testId }: SliderProps) {
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const trackRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  // The current slide as of the last event, for the key listener: a re-render (and with it a
  // fresh listener) can come a frame later than the next key press.
  const currentNow = useRef(0);
  const select = useCallback((index: number) => {
    currentNow.current = index;
    setCurrent(index);
  }, []);
  // While a button's smooth scroll passes other slides, they must not become current on the way.
  const scrollTarget = useRef<number | null>(null);
  const hasControls = slides.length > 1;

  useEffect(() => {
    const track = trackRef.current;
    // Test environments without IntersectionObserver: the buttons still set the current slide.
    if (!track || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting || entry.intersectionRatio < CURRENT_SLIDE_VISIBLE_SHARE) continue;
          const index = Number((entry.target as HTMLElement).dataset.index);
          if (scrollTarget.current !== null && scrollTarget.current !== index) continue;
          scrollTarget.current = null;
          select(index);
        }
      },
      { root: track, threshold: CURRENT_SLIDE_VISIBLE_SHARE },
    );
    for (const slide of track.children) observer.observe(slide);
    return () => observer.disconnect();
  }, [slides.length, select]);

  const goTo = useCallback(
    (index: number) => {
      const target = (index + slides.length) % slides.length;
      const track = trackRef.current;
      const slide = track?.children[target];
      if (track && slide instanceof HTMLElement && typeof track.scrollTo === 'function') {
        scrollTarget.current = target;
        track.scrollTo({
          left: slide.offsetLeft - track.offsetLeft,
          behavior: reduceMotion ? 'instant' : 'smooth',
        });
      }
      select(target);
    },
    [slides.length, reduceMotion, select],
  );

  // Arrow keys move it while focus is inside (a listener on the group: the keys belong to the
  // focused control, the group itself is not one).
  const groupRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const group = groupRef.current;
    if (!group || !hasControls) return;
    const moveByArrowKeys = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      event.preventDefault();
      goTo(currentNow.current + (event.key === 'ArrowRight' ? 1 : -1));
    };
    group.addEventListener('keydown', moveByArrowKeys);
    return () => group.removeEventListener('keydown', moveByArrowKeys);
  }, [goTo, hasControls]);

  return (
    // A group, not a landmark: the section around it already is one, named by its heading.
    <div
      role="group"
      aria-label={label}
      aria-roledescription={messages.roleDescription}
      className={cx(styles.slider, className)}
      data-testid={testId}
      data-current-slide={slides[current]?.id}
      ref={groupRef}
    >
      {/* A scroller must be reachable by keyboard (axe: scrollable-region-focusable); focused, the
          arrow keys move it like the buttons. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div ref={trackRef} className={cx(styles.track, reduceMotion && styles.instant)} tabIndex={0}>
        {slides.map((slide, index) => (
          <div
            key={slide.id}
            role="group"
            aria-roledescription={messages.slideRoleDescription}
            aria-label={messages.slideLabel(index + 1, slides.length)}
            className={styles.slide}
            data-slide={slide.id}
            data-index={index}
          >
            {slide.content}
          </div>
        ))}
      </div>
      {hasControls && (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.arrow}
            aria-label={messages.previous}
            onClick={() => goTo(currentNow.current - 1)}
          >
            <ChevronLeft aria-hidden="true" />
          </button>
          <div className={styles.pagination}>
            {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                className={styles.bullet}
                aria-label={messages.goTo(index + 1)}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => goTo(index)}
              />
            ))}
          </div>
          <button
            type="button"
            className={styles.arrow}
            aria-label={messages.next}
            onClick={() => goTo(currentNow.current + 1)}
          >
            <ChevronRight aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  );
}
