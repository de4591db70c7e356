import type { ReactNode } from "react";
import { useRootData } from "../root";
import { useT } from "../i18n/i18n";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";

/** The furniture around every page: skip link, header, main landmark, footer. */
export function SiteFrame({ children }: { children: ReactNode }) {
  const t = useT();
  const data = useRootData();
  return (
    <>
      <a className="skip-link" href="#main">
        {t("common.skipToContent")}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {data?.platform === "web" ? <SiteFooter /> : null}
    </>
  );
}
