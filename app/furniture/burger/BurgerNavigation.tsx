/**
 * The burger navigation panel, loaded on the first open: a modal with
 * close button, logo link, shop links, the main items on three levels (direct links,
 * nested items, accordions with one open at a time), the extra menu, the service
 * hotline as a tel: link and the footer links. Page scrolling is locked while it is open;
 * it closes at 1000 px and wider, on route changes and with Escape.
 */
import { useEffect, useLayoutEffect, useReducer, useRef } from "react";
import { useLocation } from "react-router";
import { BURGER_CLOSE_MIN_WIDTH } from "../../../domain/constants";
import { useT } from "~/i18n/i18n";
import { FLAGS, useFlag } from "~/furniture/flags";
import { useRootData } from "~/lib/rootData";
import { Icon } from "~/ui/Icon";
import { LocaleLink } from "~/ui/LocaleLink";
import { ShopLink } from "~/ui/ShopLink";
import { lockScroll, unlockScroll } from "~/ui/scrollLock";
import { CLOSED_BURGER, burgerReducer, type BurgerAction, type BurgerState } from "./burgerState";
import { openConsentSettings } from "../consent/consentState";
import { LabelBadge } from "../../ui/LabelBadge";
import { useNavigationDetails } from "../navigation/navigationDetails";
import { useSiteConfig } from "../siteConfig";
import type { LinkItem, NavigationItem } from "../types";
import "./burger.css";
import { telHref } from "../../../domain/links";

interface Props {
  /** Closes the menu (focus returns to where it was when it opened). */
  onClose: () => void;
}

/** The panel mounts open; closing unmounts it, which resets level, active item and accordion. */
const OPEN_BURGER: BurgerState = { ...CLOSED_BURGER, open: true };

function BurgerLink({ item, onNavigate }: { item: LinkItem; onNavigate: () => void }) {
  if (item.action === "consent-settings") {
    return (
      <button
        type="button"
        className="burger__link"
        onClick={() => {
          onNavigate();
          openConsentSettings();
        }}
      >
        {item.text}
      </button>
    );
  }
  return (
    <ShopLink link={item.link} className="burger__link" onClick={onNavigate}>
      {item.text}
    </ShopLink>
  );
}

function ItemList(props: {
  items: NavigationItem[];
  state: BurgerState;
  dispatch: (action: BurgerAction) => void;
  scrollBox: React.RefObject<HTMLDivElement | null>;
  onNavigate: () => void;
}) {
  const { items, state, dispatch, scrollBox, onNavigate } = props;
  const t = useT();
  return (
    <ul className="burger__list">
      {items.map((item) => {
        if (item.hasSubItems) {
          const open = state.accordionId === item.id;
          const panel = `burger-accordion-${item.id}`;
          return (
            <li key={item.id} className="burger__accordion" data-open={open || undefined}>
              <button
                type="button"
                className="burger__link burger__link--toggle"
                aria-expanded={open}
                aria-controls={panel}
                onClick={() => dispatch({ type: "toggleAccordion", id: item.id })}
              >
                {item.text}
                <Icon name="chevron-right" size={18} />
              </button>
              <ul id={panel} className="burger__sublist" hidden={!open}>
                {item.subItems.map((sub) => (
                  <li key={sub.id}>
                    <ShopLink link={sub.link} className="burger__link" onClick={onNavigate}>
                      {sub.text}
                    </ShopLink>
                  </li>
                ))}
              </ul>
            </li>
          );
        }
        if (item.subItems.length > 0 && state.level !== "tertiary") {
          return (
            <li key={item.id}>
              <button
                type="button"
                className="burger__link burger__link--nested"
                aria-label={t("furniture.openSubmenu", { name: item.text })}
                onClick={() =>
                  dispatch({
                    type: "enter",
                    id: item.id,
                    scroll: scrollBox.current?.scrollTop ?? 0,
                  })
                }
              >
                {item.icon ? <img src={item.icon.filename} alt="" width="24" height="24" /> : null}
                {item.text}
                <Icon name="chevron-right" size={18} />
              </button>
            </li>
          );
        }
        return (
          <li key={item.id}>
            <ShopLink link={item.link} className="burger__link" onClick={onNavigate}>
              {item.icon ? <img src={item.icon.filename} alt="" width="24" height="24" /> : null}
              {item.text}
            </ShopLink>
          </li>
        );
      })}
    </ul>
  );
}

export default function BurgerNavigation({ onClose }: Props) {
  const t = useT();
  const [state, dispatch] = useReducer(burgerReducer, OPEN_BURGER);
  const root = useRootData();
  const { header } = useSiteConfig();
  const { burger } = useNavigationDetails();
  const showWallArtGroups = useFlag(FLAGS.wallArtBurgerGroups);
  const hideShops = useFlag(FLAGS.hideShops);
  const dialog = useRef<HTMLDialogElement>(null);
  const scrollBox = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLElement>(null);
  const location = useLocation();
  const opened = useRef(location);

  useEffect(() => {
    const el = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (el && !el.open) el.showModal();
    lockScroll("burger");
    return () => {
      unlockScroll("burger");
      // Closed first: a modal dialog leaves the rest of the page inert.
      if (el?.open) el.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  // Wide viewports have the main navigation: the burger closes at 1000 px and wider.
  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${BURGER_CLOSE_MIN_WIDTH}px)`);
    const onChange = () => {
      if (query.matches) onClose();
    };
    onChange();
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, [onClose]);

  // A route change closes the menu.
  useEffect(() => {
    if (location !== opened.current) onClose();
  }, [location, onClose]);

  // Going back to the primary list restores its scroll position; deeper levels start at the top.
  useLayoutEffect(() => {
    const box = scrollBox.current;
    if (!box) return;
    box.scrollTop = state.level === "primary" ? state.primaryScroll : 0;
    if (state.level !== "primary") heading.current?.focus();
  }, [state.level, state.primaryScroll]);

  const secondary = burger.mainNavigationItems.find((item) => item.id === state.secondaryId);
  const tertiary = secondary?.subItems.find((item) => item.id === state.tertiaryId);
  const current =
    state.level === "tertiary" ? tertiary : state.level === "secondary" ? secondary : null;
  const groups = showWallArtGroups ? burger.wallArtGroups : null;
  const hotline = burger.serviceHotline || header.serviceHotline;

  return (
    <dialog
      ref={dialog}
      id="burger-navigation"
      className="burger"
      aria-label={t("furniture.menu")}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) closes the menu.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="burger__panel" data-level={state.level}>
        <div className="burger__head">
          {root ? (
            <LocaleLink className="burger__logo" to="/" onClick={onClose}>
              <img src={root.brand.logo} alt="" width="32" height="32" />
              <span>{root.brand.name}</span>
              <span className="visually-hidden"> – {t("common.home")}</span>
            </LocaleLink>
          ) : null}
          <button
            type="button"
            className="burger__close"
            aria-label={t("common.close")}
            onClick={onClose}
          >
            <Icon name="close" />
          </button>
        </div>
        <div className="burger__body" ref={scrollBox}>
          {current ? (
            <div className="burger__level">
              <button
                type="button"
                className="burger__back"
                onClick={() => dispatch({ type: "back" })}
              >
                <Icon name="chevron-left" size={18} />
                {t("common.back")}
              </button>
              <p className="burger__title" tabIndex={-1} ref={(el) => void (heading.current = el)}>
                {current.text}
              </p>
              <ShopLink
                link={current.link}
                className="burger__link burger__link--all"
                onClick={onClose}
              >
                {t("furniture.showAll", { name: current.text })}
              </ShopLink>
              <ItemList
                items={current.subItems}
                state={state}
                dispatch={dispatch}
                scrollBox={scrollBox}
                onNavigate={onClose}
              />
            </div>
          ) : (
            <div className="burger__level">
              {header.shops.length > 0 && !hideShops ? (
                <ul className="burger__shops" aria-label={t("header.shops")}>
                  {header.shops.map((shop) => (
                    <li
                      key={shop.id}
                      style={{ "--shop-colour": shop.color } as React.CSSProperties}
                    >
                      <ShopLink
                        link={shop.link}
                        className="burger__shop"
                        aria-current={shop.current ? "true" : undefined}
                        onClick={onClose}
                      >
                        {shop.text}
                      </ShopLink>
                    </li>
                  ))}
                </ul>
              ) : null}
              <ItemList
                items={burger.mainNavigationItems}
                state={state}
                dispatch={dispatch}
                scrollBox={scrollBox}
                onNavigate={onClose}
              />
              {groups ? (
                <div className="burger__wallart" data-testid="wallart-groups">
                  {groups.allWallArt ? (
                    <BurgerLink item={groups.allWallArt} onNavigate={onClose} />
                  ) : null}
                  {[
                    {
                      key: "bestseller",
                      title: t("furniture.bestseller"),
                      items: groups.bestseller,
                    },
                    {
                      key: "premium",
                      title: groups.premiumLabel,
                      items: groups.premium,
                      premium: true,
                    },
                    {
                      key: "additional",
                      title: t("furniture.additionalProducts"),
                      items: groups.additional,
                    },
                  ]
                    .filter((group) => group.items.length > 0)
                    .map((group) => (
                      <div key={group.key} className="burger__group">
                        <p className="burger__group-title">
                          {group.premium ? (
                            <LabelBadge
                              label={{
                                text: group.title,
                                backgroundColor: "#1a1a1a",
                                textColor: "#ffffff",
                              }}
                              variant="nav"
                            />
                          ) : (
                            group.title
                          )}
                        </p>
                        <ul className="burger__list">
                          {group.items.map((item) => (
                            <li key={item.id}>
                              <BurgerLink item={item} onNavigate={onClose} />
                            </li>
                          ))}
                        </ul>
                      </div>
                    ))}
                </div>
              ) : null}
              {burger.extraMenu.length > 0 ? (
                <ul className="burger__list burger__extra">
                  {burger.extraMenu.map((item) => (
                    <li key={item.id}>
                      <BurgerLink item={item} onNavigate={onClose} />
                    </li>
                  ))}
                </ul>
              ) : null}
              {hotline ? (
                <div className="burger__service">
                  <a className="burger__hotline" href={telHref(hotline)}>
                    <Icon name="phone" size={20} />
                    {hotline}
                  </a>
                  {burger.serviceText ? <p>{burger.serviceText}</p> : null}
                </div>
              ) : null}
              {burger.footer.length > 0 ? (
                <ul className="burger__footer">
                  {burger.footer.map((item) => (
                    <li key={item.id}>
                      <BurgerLink item={item} onNavigate={onClose} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          )}
        </div>
      </div>
    </dialog>
  );
}
