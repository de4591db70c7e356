import { Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { RESIZE_DEBOUNCE_MS } from "../../../domain/constants";
import { useT } from "~/i18n/i18n";
import { lazyWithReload } from "~/lib/navigation";
import { Icon } from "~/ui/Icon";
import { ShopLink } from "~/ui/ShopLink";
import { loadNavigationDetails, useNavigationDetailsUrl } from "./navigationDetails";
import { hasFlyout, isSelectedItem } from "./navigationItems";
import { usePageFurniture, useSiteConfig } from "../siteConfig";
import type { NavigationItem } from "../types";
import "./navigation.css";

const loadFlyout = () => import("./Flyout");
const Flyout = lazyWithReload(loadFlyout);

/** How the open flyout was opened: by the mouse (closes on leave) or by the keyboard. */
type OpenedBy = "hover" | "keyboard";

/** Scroll buttons show only while the bar overflows on that side. */
function useOverflow(list: React.RefObject<HTMLUListElement | null>) {
  const [overflow, setOverflow] = useState({ left: false, right: false });
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const update = () => {
      const left = el.scrollLeft > 1;
      const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setOverflow((current) =>
        current.left === left && current.right === right ? current : { left, right },
      );
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(update);
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(update, RESIZE_DEBOUNCE_MS);
    });
    observer.observe(el);
    el.addEventListener("scroll", update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      observer.disconnect();
      el.removeEventListener("scroll", update);
    };
  }, [list]);
  return overflow;
}

/**
 * The main navigation: a horizontally scrolling bar with scroll buttons while
 * it overflows; burger-only items are left out; an item is selected when the path is its
 * link or the page's activeNavigation is its type. Flyouts open on mouse hover (never by
 * touch, never for subNaviOnly items) and close on leave and on route change; by keyboard
 * each flyout is a disclosure: its toggle opens it, Escape closes it and returns focus.
 */
export function MainNavigation() {
  const t = useT();
  const { mainNavigation } = useSiteConfig();
  const { activeNavigation } = usePageFurniture();
  const location = useLocation();
  const list = useRef<HTMLUListElement>(null);
  const overflow = useOverflow(list);
  const [opened, setOpened] = useState<{ id: string; by: OpenedBy; at: string } | null>(null);
  // A route change closes the flyout: it belongs to the page it was opened on.
  const here = `${location.pathname}${location.search}`;
  const open = opened?.at === here ? opened : null;
  const setOpen = (next: { id: string; by: OpenedBy } | null) =>
    setOpened(next ? { ...next, at: here } : null);
  const toggles = useRef(new Map<string, HTMLButtonElement>());
  const detailsUrl = useNavigationDetailsUrl();
  /** Flyout code and groups load on the first hover or focus of the bar. */
  const preload = () => {
    void loadFlyout();
    void loadNavigationDetails(detailsUrl);
  };

  const items = mainNavigation.filter((item) => !item.isOnlyInBurgerNavigation);

  if (items.length === 0) return null;

  const closeAndFocus = (id: string) => {
    setOpen(null);
    toggles.current.get(id)?.focus();
  };

  const onPointerEnterItem = (event: React.PointerEvent, item: NavigationItem) => {
    if (event.pointerType === "touch") return;
    if (hasFlyout(item)) {
      preload();
      setOpen({ id: item.id, by: "hover" });
    } else if (open?.by === "hover") {
      setOpen(null);
    }
  };

  const scrollBy = (direction: 1 | -1) => {
    const el = list.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.7, behavior: "smooth" });
  };

  return (
    <nav
      className="main-nav"
      aria-label={t("furniture.mainNavigation")}
      onPointerLeave={(event) => {
        if (event.pointerType !== "touch" && open?.by === "hover") setOpen(null);
      }}
      onFocus={preload}
    >
      <div className="main-nav__inner">
        {overflow.left ? (
          <button
            type="button"
            className="main-nav__scroll main-nav__scroll--left"
            aria-label={t("furniture.scrollLeft")}
            onClick={() => scrollBy(-1)}
          >
            <Icon name="chevron-left" size={20} />
          </button>
        ) : null}
        <ul className="main-nav__list" ref={list}>
          {items.map((item) => {
            const selected = isSelectedItem(item, location.pathname, activeNavigation);
            const flyout = hasFlyout(item);
            const isOpen = open?.id === item.id;
            const panelId = `flyout-${item.id}`;
            return (
              <li
                key={item.id}
                className="main-nav__item"
                data-selected={selected || undefined}
                data-open={isOpen || undefined}
                onPointerEnter={(event) => onPointerEnterItem(event, item)}
                onKeyDown={(event) => {
                  if (event.key === "Escape" && isOpen) {
                    event.stopPropagation();
                    closeAndFocus(item.id);
                  }
                }}
                onBlur={(event) => {
                  const next = event.relatedTarget as Node | null;
                  if (isOpen && open?.by === "keyboard" && !event.currentTarget.contains(next)) {
                    setOpen(null);
                  }
                }}
              >
                <ShopLink
                  link={item.link}
                  className="main-nav__link"
                  aria-current={selected ? "page" : undefined}
                >
                  {item.icon ? (
                    <img src={item.icon.filename} alt="" width="20" height="20" loading="lazy" />
                  ) : null}
                  {item.text}
                </ShopLink>
                {flyout ? (
                  <button
                    type="button"
                    className="main-nav__toggle"
                    ref={(el) => {
                      if (el) toggles.current.set(item.id, el);
                      else toggles.current.delete(item.id);
                    }}
                    aria-expanded={isOpen}
                    aria-controls={isOpen ? panelId : undefined}
                    aria-label={t("furniture.showSubmenu", { name: item.text })}
                    onClick={(event) => {
                      // Touch devices show no flyouts (the toggle is hidden there too).
                      if ((event.nativeEvent as PointerEvent).pointerType === "touch") return;
                      setOpen(isOpen ? null : { id: item.id, by: "keyboard" });
                    }}
                  >
                    <Icon name="chevron-right" size={14} />
                  </button>
                ) : null}
                {flyout && isOpen ? (
                  <Suspense fallback={null}>
                    <Flyout id={panelId} item={item} label={item.text} />
                  </Suspense>
                ) : null}
              </li>
            );
          })}
        </ul>
        {overflow.right ? (
          <button
            type="button"
            className="main-nav__scroll main-nav__scroll--right"
            aria-label={t("furniture.scrollRight")}
            onClick={() => scrollBy(1)}
          >
            <Icon name="chevron-right" size={20} />
          </button>
        ) : null}
      </div>
    </nav>
  );
}
