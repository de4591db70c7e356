import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { SUB_NAV_TILE_SIZES } from "../../../domain/constants";
import { useT } from "~/i18n/i18n";
import { FurnitureImage } from "../FurnitureImage";
import { ShopLink } from "~/ui/ShopLink";
import { LabelBadge } from "../../ui/LabelBadge";
import { useLayoutData } from "../siteConfig";
import "./sub-navigation.css";

/**
 * The sub-navigation strip: the active main item's categories with tiles
 * (circle 76×76, square 73×110, square-image 110×110), prepared by the layout's loader;
 * a tile may carry a line of description under its text. The active tile is scrolled into
 * view unless the URL has a hash.
 */
export function SubNavigation() {
  const t = useT();
  const strip = useLayoutData()?.subNavigation ?? null;
  const location = useLocation();
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const box = scroller.current;
    if (!box || location.hash) return;
    const active = box.querySelector<HTMLElement>("[data-active]");
    if (!active) return;
    // Centred in the strip, measured against the strip itself (not the offset parent).
    const tile = active.getBoundingClientRect();
    const strip = box.getBoundingClientRect();
    box.scrollLeft += tile.left - strip.left - (box.clientWidth - tile.width) / 2;
  }, [location.pathname, location.search, location.hash]);

  if (!strip) return null;
  return (
    <nav className="sub-nav" aria-label={t("furniture.subNavigation", { name: strip.label })}>
      <div className="sub-nav__scroller" ref={scroller}>
        {strip.categories.map((category) => (
          <div key={category.id} className="sub-nav__category">
            <p className="sub-nav__heading" id={`sub-nav-${category.id}`}>
              {category.heading}
            </p>
            <ul aria-labelledby={`sub-nav-${category.id}`}>
              {category.elements.map((element) => {
                const size = SUB_NAV_TILE_SIZES[element.type];
                return (
                  <li key={element.id}>
                    <ShopLink
                      link={element.link}
                      className={`sub-nav__tile sub-nav__tile--${element.type}${element.description ? " sub-nav__tile--described" : ""}`}
                      data-active={element.isActive || undefined}
                      aria-current={element.isActive ? "page" : undefined}
                    >
                      {element.image ? (
                        <FurnitureImage
                          asset={element.image}
                          width={size.width}
                          height={size.height}
                          alt=""
                        />
                      ) : (
                        <span
                          className="sub-nav__placeholder"
                          style={{ width: size.width, height: size.height }}
                        />
                      )}
                      <span className="sub-nav__text">{element.text}</span>
                      {element.description ? (
                        <span className="sub-nav__description">{element.description}</span>
                      ) : null}
                      {element.label ? <LabelBadge label={element.label} variant="nav" /> : null}
                    </ShopLink>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}
