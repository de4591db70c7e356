import { useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { DAYS_PER_YEAR, SECONDS_PER_DAY } from "../../../domain/constants";
import { useT } from "~/i18n/i18n";
import { InlineScript } from "~/lib/inlineScript";
import { Icon } from "~/ui/Icon";
import type { AppBannerData } from "../types";

export const SMART_BANNER_COOKIE = "smartbannerDisabled";
/** The cookies' base max age (a named constant whose value the spec leaves open: 30 days). */
export const COOKIE_BASE_MAX_AGE_SECONDS = Math.round(DAYS_PER_YEAR / 12) * SECONDS_PER_DAY;
/** smartbannerDisabled lives three times the base max age. */
export const SMART_BANNER_MAX_AGE_SECONDS = 3 * COOKIE_BASE_MAX_AGE_SECONDS;

/** The app's deep link with the current path as campaign. */
export function appDeepLink(deepLink: string, pathname: string): string {
  const joiner = deepLink.includes("?") ? "&" : "?";
  return `${deepLink}${joiner}campaign=${encodeURIComponent(pathname)}`;
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Marks the page whose visitor closed the banner before, so it is never drawn. */
export const NO_APP_BANNER_CLASS = "no-app-banner";

/**
 * True while the smartbannerDisabled cookie is absent. The server (and hydration) say
 * true: the page is the same for everyone, and a banner that appears after load would
 * push the page down; the script below hides it before paint for those who closed it.
 */
function useBannerWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !document.cookie.split(";").some((c) => c.trim().startsWith(`${SMART_BANNER_COOKIE}=`)),
    () => true,
  );
}

/** Runs before the banner is parsed: a visitor who closed it gets the no-banner marker. */
export function noAppBannerScript(): string {
  const prefix = JSON.stringify(`${SMART_BANNER_COOKIE}=`);
  return `if(document.cookie.split(";").some(function(c){return c.trim().indexOf(${prefix})===0}))document.documentElement.classList.add(${JSON.stringify(NO_APP_BANNER_CLASS)})`;
}

/**
 * The app-promotion banner: visible until closed; closing sets the
 * smartbannerDisabled cookie and removes the visible class.
 */
export function AppBanner({ data }: { data: AppBannerData }) {
  const t = useT();
  const { pathname } = useLocation();
  const visible = useBannerWanted();
  return (
    <>
      <InlineScript text={(scripts) => scripts.appBanner} />
      <section
        className={["smartbanner", visible ? "smartbanner--visible" : ""].filter(Boolean).join(" ")}
        aria-label={t("furniture.appBanner")}
        hidden={!visible}
      >
        <button
          type="button"
          className="smartbanner__close"
          aria-label={t("furniture.closeAppBanner")}
          onClick={() => {
            const secure = window.location.protocol === "https:" ? "; Secure" : "";
            document.cookie = `${SMART_BANNER_COOKIE}=1; Path=/; Max-Age=${SMART_BANNER_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
            for (const listener of listeners) listener();
          }}
        >
          <Icon name="close" size={16} />
        </button>
        {data.icon ? (
          <img
            className="smartbanner__icon"
            src={data.icon.filename}
            alt=""
            width="48"
            height="48"
          />
        ) : null}
        <span className="smartbanner__copy">
          <strong>{data.title}</strong>
          <span>{data.text}</span>
        </span>
        <a className="smartbanner__cta" href={appDeepLink(data.deepLink, pathname)} rel="noopener">
          {data.ctaText || t("furniture.openApp")}
        </a>
      </section>
    </>
  );
}
