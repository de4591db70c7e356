/**
 * The shop's carousel: infinite by default; next and previous move one slide
 * group; a swipe over 50 px moves; a mouse drag counts as a swipe only when its horizontal
 * movement exceeds three times the vertical; dots show the current group; the buttons
 * (and dots) appear only when the content is wider than the container; it initialises
 * when it first becomes visible; slides move in 300 ms; resizes are debounced by 200 ms.
 *
 * Written for the shop rather than configured from embla-carousel: embla's scroll is
 * physics-based (no fixed transition time) and its drag snaps by release velocity, so
 * neither the 300 ms transition nor the 50 px / 3× rules can be configured there.
 * Positions are pure CSS (custom properties), so nothing is measured.
 *
 * The server does not know the viewport, so each breakpoint's slide width, gap and
 * controls row come from media queries written next to the carousel: the server's HTML
 * is laid out as the browser will lay it out, and nothing moves when the code arrives
 * (the buttons appear in a row whose room was already kept).
 */
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import {
  CAROUSEL_RESIZE_DEBOUNCE_MS,
  CAROUSEL_TRANSITION_MS,
  DRAG_RATIO,
  SWIPE_THRESHOLD_PX,
} from "../../domain/constants";
import { useT } from "../i18n/i18n";
import { useNonce } from "../lib/nonce";
import { Icon } from "./Icon";
import "./carousel.css";

export interface CarouselLayout {
  slidesPerView: number;
  slidesPerGroup: number;
  spaceBetween: number;
}

/** Carousel configuration as content sets it; breakpoint keys are min widths in px. */
export interface CarouselConfig extends Partial<CarouselLayout> {
  infinite?: boolean;
  transitionSpeed?: number;
  breakpoints?: Readonly<Record<number, Partial<CarouselLayout>>>;
}

const BASE: CarouselLayout = { slidesPerView: 1, slidesPerGroup: 1, spaceBetween: 0 };

/** The layout at a viewport width: the base, overridden by every breakpoint up to the width. */
export function layoutAt(config: CarouselConfig, width: number): CarouselLayout {
  let layout: CarouselLayout = {
    slidesPerView: config.slidesPerView ?? BASE.slidesPerView,
    slidesPerGroup: config.slidesPerGroup ?? BASE.slidesPerGroup,
    spaceBetween: config.spaceBetween ?? BASE.spaceBetween,
  };
  const points = Object.keys(config.breakpoints ?? {})
    .map(Number)
    .filter((point) => Number.isFinite(point) && point <= width)
    .sort((a, b) => a - b);
  for (const point of points) layout = { ...layout, ...config.breakpoints?.[point] };
  return layout;
}

/** Each breakpoint's layout from the smallest viewport up, as min widths in px. */
export function breakpointLayouts(config: CarouselConfig): Array<[number, CarouselLayout]> {
  const points = Object.keys(config.breakpoints ?? {})
    .map(Number)
    .filter((point) => Number.isFinite(point) && point > 0)
    .sort((a, b) => a - b);
  return [0, ...points].map((point) => [point, layoutAt(config, point)]);
}

/**
 * The carousel's own style sheet: per breakpoint the slides per view, the gap, and
 * whether the controls row has room (only where the slides do not all fit).
 */
export function carouselCss(scope: string, config: CarouselConfig, count: number): string {
  return breakpointLayouts(config)
    .map(([point, layout]) => {
      const rules =
        `${scope} .carousel__track{--per-view:${layout.slidesPerView};--gap:${layout.spaceBetween}px}` +
        `${scope} .carousel__controls{display:${count > layout.slidesPerView ? "flex" : "none"}}`;
      return point === 0 ? rules : `@media (min-width:${point}px){${rules}}`;
    })
    .join("");
}

/** What a finished pointer gesture does: move a group back (-1), forward (1), or nothing (0). */
export function gestureDirection(gesture: {
  dx: number;
  dy: number;
  pointerType: string;
}): -1 | 0 | 1 {
  const horizontal = Math.abs(gesture.dx);
  if (horizontal <= SWIPE_THRESHOLD_PX) return 0;
  if (gesture.pointerType === "mouse" && horizontal <= DRAG_RATIO * Math.abs(gesture.dy)) return 0;
  return gesture.dx < 0 ? 1 : -1;
}

/** The group a start index belongs to, and how many groups there are. */
export function groupOf(index: number, count: number, perGroup: number) {
  const groups = Math.max(1, Math.ceil(count / perGroup));
  const normal = ((index % count) + count) % count;
  return { group: Math.min(groups - 1, Math.floor(normal / perGroup)), groups };
}

/** Becomes true the first time the element is visible. */
function useFirstVisible(ref: React.RefObject<HTMLElement | null>): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || visible) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setVisible(true);
        observer.disconnect();
      }
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, visible]);
  return visible;
}

/** The viewport width as the carousel lays out with it: updated once resizes have settled. */
let settledWidth: number | null = null;

function subscribeWidth(onChange: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      settledWidth = window.innerWidth;
      onChange();
    }, CAROUSEL_RESIZE_DEBOUNCE_MS);
  };
  window.addEventListener("resize", onResize);
  return () => {
    clearTimeout(timer);
    window.removeEventListener("resize", onResize);
  };
}

function useSettledWidth(): number | null {
  return useSyncExternalStore(
    subscribeWidth,
    () => (settledWidth ??= window.innerWidth),
    () => null,
  );
}

export interface CarouselProps {
  slides: ReactNode[];
  config: CarouselConfig;
  /** The carousel's accessible name. */
  label: string;
  className?: string;
}

export function Carousel({ slides, config, label, className }: CarouselProps) {
  const t = useT();
  const nonce = useNonce();
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const initialised = useFirstVisible(root);
  const width = useSettledWidth();
  const layout = useMemo(
    () => (width === null ? layoutAt(config, 0) : layoutAt(config, width)),
    [config, width],
  );
  const count = slides.length;
  const perGroup = Math.max(1, Math.min(layout.slidesPerGroup, count));
  // Buttons, dots and looping only when the slides do not all fit.
  const scrollable = initialised && width !== null && count > layout.slidesPerView;
  const loop = scrollable && (config.infinite ?? true);
  const speed = config.transitionSpeed ?? CAROUSEL_TRANSITION_MS;

  // The position belongs to a layout: a new layout starts again at the first slide.
  const layoutKey = `${layout.slidesPerView}/${perGroup}/${count}`;
  const [position, setPosition] = useState({ key: layoutKey, index: 0, animate: false });
  const current =
    position.key === layoutKey ? position : { key: layoutKey, index: 0, animate: false };
  const { index, animate } = current;
  const setIndex = (next: number, withTransition: boolean) =>
    setPosition({ key: layoutKey, index: next, animate: withTransition });
  const setAnimate = (withTransition: boolean) =>
    setPosition({ ...current, animate: withTransition });
  const [drag, setDrag] = useState(0);
  const gesture = useRef<{ x: number; y: number; type: string; moved: boolean } | null>(null);
  const suppressClick = useRef(false);

  const lastStart = Math.max(0, count - layout.slidesPerView);
  const moveTo = (next: number) => {
    // Without motion no transition ends: a looped index is wrapped at once.
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (!loop) setIndex(Math.min(lastStart, Math.max(0, next)), !still);
    else setIndex(still ? ((next % count) + count) % count : next, !still);
  };
  const step = (direction: -1 | 1) => moveTo(index + direction * perGroup);

  // After a move past either end of the looped copies, jump back without a transition.
  const onTransitionEnd = (event: React.TransitionEvent) => {
    if (event.target !== event.currentTarget || !loop) return;
    if (index < 0 || index >= count) setIndex(((index % count) + count) % count, false);
  };

  const copies = loop ? 1 : 0;
  const offset = index + copies * count;
  const { group, groups } = groupOf(index, Math.max(1, count), perGroup);

  const scope = `carousel-${id.replace(/[^\w-]/g, "")}`;
  const css = useMemo(
    () => carouselCss(`[data-carousel="${scope}"]`, config, count),
    [scope, config, count],
  );
  const roomForControls = breakpointLayouts(config).some(
    ([, layout]) => count > layout.slidesPerView,
  );

  const trackStyle = {
    "--position": offset,
    "--drag": `${drag}px`,
    transitionDuration: animate && drag === 0 ? `${speed}ms` : "0ms",
  } as React.CSSProperties;

  const renderSlide = (slide: ReactNode, i: number, copy: "before" | "slide" | "after") => {
    const clone = copy !== "slide";
    return (
      <div
        key={`${copy}-${i}`}
        className="carousel__slide"
        role={clone ? undefined : "group"}
        aria-roledescription={clone ? undefined : t("furniture.carousel.slide")}
        aria-label={clone ? undefined : t("furniture.carousel.slideOf", { index: i + 1, count })}
        aria-hidden={clone || undefined}
        inert={clone || undefined}
        onFocus={
          clone ? undefined : () => scrollable && moveTo(Math.floor(i / perGroup) * perGroup)
        }
      >
        {slide}
      </div>
    );
  };

  return (
    <div
      ref={root}
      className={["carousel", className].filter(Boolean).join(" ")}
      role="region"
      aria-roledescription={t("furniture.carousel.carousel")}
      aria-label={label}
      data-carousel={scope}
      data-initialised={initialised || undefined}
      data-scrollable={scrollable || undefined}
    >
      <style nonce={nonce}>{css}</style>
      <div
        className="carousel__viewport"
        onPointerDown={(event) => {
          if (!scrollable || (event.pointerType === "mouse" && event.button !== 0)) return;
          gesture.current = {
            x: event.clientX,
            y: event.clientY,
            type: event.pointerType,
            moved: false,
          };
          suppressClick.current = false;
        }}
        onPointerMove={(event) => {
          const start = gesture.current;
          if (!start) return;
          const dx = event.clientX - start.x;
          const dy = event.clientY - start.y;
          if (start.type === "mouse" && Math.abs(dx) <= DRAG_RATIO * Math.abs(dy)) return;
          if (Math.abs(dx) > 4) {
            start.moved = true;
            setDrag(dx);
          }
        }}
        onPointerUp={(event) => {
          const start = gesture.current;
          gesture.current = null;
          setDrag(0);
          if (!start) return;
          const direction = gestureDirection({
            dx: event.clientX - start.x,
            dy: event.clientY - start.y,
            pointerType: start.type,
          });
          suppressClick.current = start.moved;
          if (direction !== 0) step(direction);
          else setAnimate(true);
        }}
        onPointerCancel={() => {
          gesture.current = null;
          setDrag(0);
        }}
        onClickCapture={(event) => {
          // A drag that ends on a link is not a click on it.
          if (suppressClick.current) {
            event.preventDefault();
            event.stopPropagation();
            suppressClick.current = false;
          }
        }}
        onDragStart={(event) => event.preventDefault()}
      >
        <div
          className="carousel__track"
          id={`${id}-track`}
          style={trackStyle}
          data-animating={animate || undefined}
          onTransitionEnd={onTransitionEnd}
        >
          {loop ? slides.map((slide, i) => renderSlide(slide, i, "before")) : null}
          {slides.map((slide, i) => renderSlide(slide, i, "slide"))}
          {loop ? slides.map((slide, i) => renderSlide(slide, i, "after")) : null}
        </div>
      </div>
      {roomForControls ? (
        <div className="carousel__controls">
          {scrollable ? (
            <>
              <button
                type="button"
                className="carousel__button carousel__button--prev"
                aria-controls={`${id}-track`}
                aria-label={t("furniture.carousel.previous")}
                disabled={!loop && index === 0}
                onClick={() => step(-1)}
              >
                <Icon name="chevron-left" size={20} />
              </button>
              <div className="carousel__dots">
                {Array.from({ length: groups }, (_, g) => (
                  <button
                    key={g}
                    type="button"
                    className="carousel__dot"
                    aria-label={t("furniture.carousel.group", { index: g + 1, count: groups })}
                    aria-current={g === group ? "true" : undefined}
                    onClick={() => moveTo(g * perGroup)}
                  />
                ))}
              </div>
              <button
                type="button"
                className="carousel__button carousel__button--next"
                aria-controls={`${id}-track`}
                aria-label={t("furniture.carousel.next")}
                disabled={!loop && index >= lastStart}
                onClick={() => step(1)}
              >
                <Icon name="chevron-right" size={20} />
              </button>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
