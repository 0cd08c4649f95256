import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, type FocusEvent, type ReactNode } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y, Keyboard, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
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
  /** Names a pagination bullet; `{{index}}` is the slide's number. */
  goTo: string;
  /** Names a slide; `{{index}}` and `{{slidesLength}}`. */
  slideLabel: string;
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

/** SPEC §1 and §9: one slide at a time, 30 px apart. */
export const SLIDER_SETTINGS = { slidesPerView: 1, spaceBetween: 30 } as const;
const SLIDE_SPEED_MS = 400;

/**
 * A Swiper carousel: one slide at a time with real <button> arrows, clickable pagination
 * buttons and the a11y module's labels. Arrow keys move it while focus is inside it (not
 * page-wide, so the page's own keys keep working), and slides jump without animation under
 * prefers-reduced-motion. Import it lazily: Swiper stays out of the initial bundle.
 */
export default function Slider({ label, slides, messages, className, 'data-testid': testId }: SliderProps) {
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const swiperRef = useRef<SwiperInstance | null>(null);
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const paginationRef = useRef<HTMLDivElement>(null);
  const hasControls = slides.length > 1;

  const enableKeys = () => swiperRef.current?.keyboard.enable();
  const disableKeysOnLeave = (event: FocusEvent<HTMLDivElement>) => {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) {
      swiperRef.current?.keyboard.disable();
    }
  };

  return (
    // A group, not a landmark: the section around it already is one, named by its heading.
    <div
      role="group"
      aria-label={label}
      aria-roledescription={messages.roleDescription}
      className={cx(styles.slider, className)}
      data-testid={testId}
      onFocus={enableKeys}
      onBlur={disableKeysOnLeave}
    >
      <Swiper
        modules={[Navigation, Pagination, Keyboard, A11y]}
        {...SLIDER_SETTINGS}
        speed={reduceMotion ? 0 : SLIDE_SPEED_MS}
        // Past the last slide the arrows go round, so they never turn disabled under focus.
        rewind
        watchOverflow
        keyboard={{ enabled: false, onlyInViewport: true, pageUpDown: false }}
        a11y={{
          prevSlideMessage: messages.previous,
          nextSlideMessage: messages.next,
          paginationBulletMessage: messages.goTo,
          slideLabelMessage: messages.slideLabel,
          itemRoleDescriptionMessage: messages.slideRoleDescription,
          scrollOnFocus: true,
        }}
        // The elements are ours (set before init below); null keeps Swiper from adding its own.
        navigation={hasControls ? { prevEl: null, nextEl: null, addIcons: false } : false}
        pagination={hasControls ? { el: null, clickable: true, bulletElement: 'button' } : false}
        onBeforeInit={(swiper) => {
          swiperRef.current = swiper;
          if (typeof swiper.params.navigation === 'object') {
            swiper.params.navigation.prevEl = prevRef.current;
            swiper.params.navigation.nextEl = nextRef.current;
          }
          if (typeof swiper.params.pagination === 'object') {
            swiper.params.pagination.el = paginationRef.current;
          }
        }}
        className={styles.swiper}
      >
        {slides.map((slide) => (
          <SwiperSlide key={slide.id} className={styles.slide} data-slide={slide.id}>
            {slide.content}
          </SwiperSlide>
        ))}
        {/* In Swiper's end slot, so their refs exist when Swiper initialises. */}
        {hasControls && (
          <div slot="container-end" className={styles.controls}>
            <button ref={prevRef} type="button" className={styles.arrow} aria-label={messages.previous}>
              <ChevronLeft aria-hidden="true" />
            </button>
            <div ref={paginationRef} className={styles.pagination} />
            <button ref={nextRef} type="button" className={styles.arrow} aria-label={messages.next}>
              <ChevronRight aria-hidden="true" />
            </button>
          </div>
        )}
      </Swiper>
    </div>
  );
}
