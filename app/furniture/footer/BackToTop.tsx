import { useEffect, useRef, useState } from "react";
import { BACK_TO_TOP_DEBOUNCE_MS } from "../../../domain/constants";
import { useT } from "~/i18n/i18n";
import { Icon } from "~/ui/Icon";
import { smoothScrollTo } from "~/ui/smoothScroll";
import { backToTopVisible } from "./backToTop";

/** The back-to-top button: decided 500 ms after scrolling stops. */
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
        smoothScrollTo(0, () => {
          setVisible(false);
          document.getElementById("main")?.focus({ preventScroll: true });
        })
      }
    >
      <Icon name="arrow-up" />
    </button>
  );
}
