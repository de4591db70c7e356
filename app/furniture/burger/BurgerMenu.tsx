import { Suspense, useCallback, useState } from "react";
import { useT } from "~/i18n/i18n";
import { lazyWithReload } from "~/lib/navigation";
import { Icon } from "~/ui/Icon";
import { loadNavigationDetails, useNavigationDetailsUrl } from "../navigation/navigationDetails";
import { useSiteConfig } from "../siteConfig";

const loadPanel = () => import("./BurgerNavigation");
const BurgerNavigation = lazyWithReload(loadPanel);

/** The burger button of the header (below 1000 px) and its lazily loaded menu. */
export function BurgerMenu() {
  const t = useT();
  const { mainNavigation } = useSiteConfig();
  const detailsUrl = useNavigationDetailsUrl();
  // Open or closed here; the levels, active items and accordion live in the panel, so
  // closing (unmounting it) resets them.
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  // Without navigation items there is no burger navigation (its lists load on open).
  if (mainNavigation.length === 0) return null;
  return (
    <>
      <button
        type="button"
        className="burger-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? "burger-navigation" : undefined}
        onClick={() => {
          void loadNavigationDetails(detailsUrl);
          setOpen(true);
        }}
        onPointerEnter={() => {
          void loadPanel();
          void loadNavigationDetails(detailsUrl);
        }}
      >
        <Icon name="menu" />
        <span className="burger-button__text">{t("furniture.menu")}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <BurgerNavigation onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
