import { useEffect, useRef, useState } from "react";
import { BACK_TO_TOP_DEBOUNCE_MS, SCROLL_ANIMATION_MS } from "../../domain/constants";
import { useT } from "../i18n/i18n";
import { Icon } from "../ui/Icon";
import { backToTopVisible, easeInOut } from "./backToTop";

/** Scrolls the window to the top in 500 ms (at once with reduced motion). */
function scrollToTop(done: () => void) {
  const start = window.scrollY;
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches || start === 0) {
    window.scrollTo(0, 0);
    done();
    return;
  }
  const began = performance.now();
  const frame = (now: number) => {
    const t = Math.min(1, (now - began) / SCROLL_ANIMATION_MS);
    window.scrollTo(0, Math.round(start * (1 - easeInOut(t))));
    if (t < 1) requestAnimationFrame(frame);
    else done();
  };
  requestAnimationFrame(frame);
}

/** The back-to-top button: decided 500 ms after scrolling stops (spec §4, §9). */
export function BackToTop() {
  const t = useT();
  const [visible, setVisible] = useState(false);
  const lastY = useRef(0);
  useEffect(() => {
    lastY.current = window.scrollY;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const y = window.scrollY;
        setVisible(
          backToTopVisible({ previousY: lastY.current, y, viewportHeight: window.innerHeight }),
        );
        lastY.current = y;
      }, BACK_TO_TOP_DEBOUNCE_MS);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener("scroll", onScroll);
    };
  }, []);
  return (
    <button
      type="button"
      className="back-to-top"
      hidden={!visible}
      aria-label={t("furniture.backToTop")}
      onClick={() =>
        scrollToTop(() => {
          setVisible(false);
          document.getElementById("main")?.focus({ preventScroll: true });
        })
      }
    >
      <Icon name="arrow-up" />
    </button>
  );
}
