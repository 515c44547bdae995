import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { CAROUSEL_AUTOPLAY_MS, CAROUSEL_SPEED_MS } from '../../../shared/constants';
import { useT } from '../../i18n';

export interface Slide {
  key: string;
  image: string;
  link: string;
  background?: string;
  alt?: string;
}

const SWIPE_PX = 40;

/**
 * The banner carousel (spec 2, 9): autoplay every 3000 ms, 600 ms slides, endless loop (a copy of the
 * last slide before the first and of the first after the last), paused while hovered or focused and
 * while the tab is hidden; dots, arrows and swipe.
 */
export function Carousel({
  slides,
  label,
  autoplayMs = CAROUSEL_AUTOPLAY_MS,
  speedMs = CAROUSEL_SPEED_MS,
}: {
  slides: Slide[];
  label: string;
  autoplayMs?: number;
  speedMs?: number;
}) {
  const t = useT();
  const count = slides.length;
  const [position, setPosition] = useState(1);
  const [animate, setAnimate] = useState(true);
  const [paused, setPaused] = useState(false);
  const moving = useRef(false);
  const positionRef = useRef(position);
  positionRef.current = position;
  const swipeFrom = useRef<number | null>(null);

  /** Ends a move: from a copy at either end, jump (unanimated) to its original. */
  const settle = useCallback(() => {
    moving.current = false;
    const at = positionRef.current;
    if (at === count + 1 || at === 0) {
      setAnimate(false);
      setPosition(at === 0 ? count : 1);
    }
  }, [count]);

  const go = useCallback(
    (next: (current: number) => number) => {
      if (count < 2 || moving.current) return;
      moving.current = true;
      setAnimate(true);
      setPosition(next);
      // transitionend does not come when the slide did not move (or the tab was hidden): settle anyway.
      window.setTimeout(() => moving.current && settle(), speedMs + 120);
    },
    [count, settle, speedMs],
  );
  const goNext = useCallback(() => go((p) => p + 1), [go]);
  const goPrev = useCallback(() => go((p) => p - 1), [go]);

  // After a jump between a copy and its original (no animation), switch the animation back on a frame later.
  useEffect(() => {
    if (animate) return;
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => setAnimate(true));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [animate]);

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = window.setInterval(() => {
      if (!document.hidden) goNext();
    }, autoplayMs);
    return () => window.clearInterval(timer);
  }, [count, paused, autoplayMs, goNext]);

  const handleTransitionEnd = () => settle();

  const handlePointerDown = (event: PointerEvent) => {
    swipeFrom.current = event.clientX;
  };
  const handlePointerUp = (event: PointerEvent) => {
    if (swipeFrom.current === null) return;
    const dx = event.clientX - swipeFrom.current;
    swipeFrom.current = null;
    if (dx <= -SWIPE_PX) goNext();
    else if (dx >= SWIPE_PX) goPrev();
  };

  if (count === 0) return null;
  const items = count > 1 ? [slides[count - 1], ...slides, slides[0]] : slides;
  const offset = count > 1 ? position : 0;
  const current = count > 1 ? (((position - 1) % count) + count) % count : 0;

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      data-testid="carousel"
      data-index={current}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={handlePointerDown}
      onPointerUp={handlePointerUp}
    >
      <div
        className="carousel-track"
        style={{
          transform: `translateX(-${offset * 100}%)`,
          transition: animate ? `transform ${speedMs}ms ease` : 'none',
        }}
        onTransitionEnd={handleTransitionEnd}
      >
        {items.map((slide, index) => {
          const copy = count > 1 && (index === 0 || index === count + 1);
          // A slide out of view is hidden from assistive technology, so its link must not take focus either.
          const hidden = copy || (count > 1 && index - 1 !== current);
          const image = <img src={slide.image} alt={slide.alt ?? ''} draggable={false} />;
          // A banner picture often has no alt text: the link is then named after the carousel and the slide's number.
          const number = count > 1 ? ((index - 1 + count) % count) + 1 : 1;
          return (
            <div
              key={`${slide.key}-${index}`}
              className="carousel-slide"
              style={slide.background ? { background: slide.background } : undefined}
              aria-hidden={hidden ? true : undefined}
            >
              {slide.link ? (
                <a
                  href={slide.link}
                  tabIndex={hidden ? -1 : undefined}
                  aria-label={slide.alt ? undefined : `${label} ${number}`}
                  target="_blank"
                  rel="noopener"
                >
                  {image}
                </a>
              ) : (
                image
              )}
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="carousel-arrow is-prev"
            aria-label={t('catalogue.carousel.prev')}
            onClick={goPrev}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M15 5l-7 7 7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
          <button
            type="button"
            className="carousel-arrow is-next"
            aria-label={t('catalogue.carousel.next')}
            onClick={goNext}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M9 5l7 7-7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
          <div className="carousel-dots" role="group" aria-label={label}>
            {slides.map((slide, index) => (
              <button
                key={slide.key}
                type="button"
                className={index === current ? 'is-active' : ''}
                aria-label={t('catalogue.carousel.goTo', { n: index + 1 })}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => index !== current && go(() => index + 1)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
