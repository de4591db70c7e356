import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { loadCustomerOnce } from "../lib/customer";
import { useRootData } from "../lib/rootData";
import { useT } from "../i18n/i18n";
import { ActionBar } from "../furniture/action-bar/ActionBar";
import { BackToTop } from "../furniture/footer/BackToTop";
import { BurgerMenu } from "../furniture/burger/BurgerMenu";
import { ConsentLoader } from "../furniture/consent/ConsentLoader";
import { FooterIsland } from "../furniture/footer/FooterIsland";
import { HelpButton } from "../furniture/help/HelpButton";
import { LogInDialogHost } from "../furniture/dialogs/LogInDialogHost";
import { MainNavigation } from "../furniture/navigation/MainNavigation";
import { SiteHeader } from "../furniture/header/SiteHeader";
import { SubNavigation } from "../furniture/navigation/SubNavigation";
import { ThirdParties } from "../integrations/ThirdParties";
import { usePageFurniture, useSiteConfig, type ErrorStory } from "../furniture/siteConfig";
import "../furniture/layout.css";

// Only a brand with an app configured shows the app banner: its code loads only there.
const AppBanner = lazy(() =>
  import("../furniture/header/AppBanner").then((module) => ({ default: module.AppBanner })),
);
// Only the error page shows it (to white-label customers): its code loads only there.
const WhitelabelBanner = lazy(() =>
  import("../furniture/header/WhitelabelBanner").then((module) => ({
    default: module.WhitelabelBanner,
  })),
);

/**
 * The furniture around every page: skip link, action bar, app banner, header with the
 * main navigation, sub-navigation, the main landmark, footer, help and back-to-top
 * buttons, the LogIn dialog and the consent loader. Navigation, footer and the app banner
 * are web only. On the error page (`error`) the bar is the error story's, else the
 * campaign bar of the path (both in `errorStory.actionBar`), and white-label customers
 * see their banner. The page's URL may switch off the bar and the promotions.
 */
export function SiteFrame({
  children,
  error = false,
  errorStory = null,
}: {
  children: ReactNode;
  error?: boolean;
  errorStory?: ErrorStory | null;
}) {
  const t = useT();
  const data = useRootData();
  const site = useSiteConfig();
  const page = usePageFurniture();
  const web = data?.platform === "web";
  useEffect(() => {
    if (data)
      loadCustomerOnce({ channel: data.channel, country: data.country, locale: data.locale });
  }, [data]);
  // The error page's bar is the error story's or the campaign's (resolved on the server), never the global one.
  const bar = !data?.switches.actionBar
    ? null
    : error
      ? (errorStory?.actionBar ?? null)
      : (page.actionBar ?? site.actionBar);
  const promotions = data?.switches.promotions ?? true;
  return (
    <>
      <a className="skip-link" href="#main">
        {t("common.skipToContent")}
      </a>
      {web && promotions && site.appBanner ? (
        <Suspense fallback={null}>
          <AppBanner data={site.appBanner} />
        </Suspense>
      ) : null}
      {bar ? <ActionBar bar={bar} /> : null}
      <SiteHeader burger={<BurgerMenu />} navigation={web ? <MainNavigation /> : null} />
      {web && !error ? <SubNavigation /> : null}
      {web && error ? (
        <Suspense fallback={null}>
          <WhitelabelBanner />
        </Suspense>
      ) : null}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {web ? <FooterIsland /> : null}
      <aside className="floating-actions" aria-label={t("furniture.quickActions")}>
        {site.helpChat ? <HelpButton chat={site.helpChat} /> : null}
        <BackToTop />
      </aside>
      <LogInDialogHost />
      {web ? <ConsentLoader /> : null}
      {data ? (
        <ThirdParties
          config={data.thirdParty}
          flagEvaluations={data.forwardFlagEvaluations ? data.featureFlags : null}
        />
      ) : null}
    </>
  );
}
