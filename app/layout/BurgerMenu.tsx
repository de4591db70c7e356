import { Suspense, useCallback, useReducer } from "react";
import { useT } from "../i18n/i18n";
import { lazyWithReload } from "../lib/navigation";
import { Icon } from "../ui/Icon";
import { CLOSED_BURGER, burgerReducer } from "./burgerState";
import { loadNavigationDetails, useNavigationDetailsUrl } from "./navigationDetails";
import { useSiteConfig } from "./siteConfig";

const loadPanel = () => import("./BurgerNavigation");
const BurgerNavigation = lazyWithReload(loadPanel);

/** The burger button of the header (below 1000 px) and its lazily loaded menu. */
export function BurgerMenu() {
  const t = useT();
  const { mainNavigation } = useSiteConfig();
  const detailsUrl = useNavigationDetailsUrl();
  const [state, dispatch] = useReducer(burgerReducer, CLOSED_BURGER);
  const close = useCallback(() => dispatch({ type: "close" }), []);
  // Without navigation items there is no burger navigation (its lists load on open).
  if (mainNavigation.length === 0) return null;
  return (
    <>
      <button
        type="button"
        className="burger-button"
        aria-haspopup="dialog"
        aria-expanded={state.open}
        aria-controls={state.open ? "burger-navigation" : undefined}
        onClick={() => {
          void loadNavigationDetails(detailsUrl);
          dispatch({ type: "open" });
        }}
        onPointerEnter={() => {
          void loadPanel();
          void loadNavigationDetails(detailsUrl);
        }}
      >
        <Icon name="menu" />
        <span className="burger-button__text">{t("furniture.menu")}</span>
      </button>
      {state.open ? (
        <Suspense fallback={null}>
          <BurgerNavigation state={state} dispatch={dispatch} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
