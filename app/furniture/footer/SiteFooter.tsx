import { useEffect } from "react";
import { useRootData } from "~/lib/rootData";
import { useT } from "~/i18n/i18n";
import { LocaleLink } from "~/ui/LocaleLink";
import { recommendationPath } from "../../../domain/recommendationPaths";
import { Breadcrumb, useBreadcrumb } from "../navigation/Breadcrumb";
import { CommunicationTiles } from "./CommunicationTiles";
import { FooterBoxes } from "./FooterBoxes";
import { footerReady } from "./footerReady";
import { FooterLinkBox } from "./FooterLinkBox";
import { LanguageNav } from "../header/LanguageNav";
import { NewsletterBlock } from "./NewsletterBlock";
import { PaymentMethods } from "./PaymentMethods";
import { ReviewBlock } from "./ReviewBlock";
import { SeoText } from "./SeoText";
import { usePageFurniture, useSiteConfig } from "../siteConfig";

/** The copyright line: the configured text with the current year, else the default. */
export function copyrightLine(template: string, year: number, fallback: string): string {
  return template ? template.replaceAll("{year}", String(year)) : fallback;
}

/**
 * The footer: customer opinions, communication tiles, newsletter block,
 * breadcrumb, link box, the grid of boxes, payment logos, the SEO text and the copyright
 * line. A page's footer override replaces the link box and the SEO text. Loaded by
 * FooterIsland (its styles load there).
 */
export default function SiteFooter() {
  // Hydrated: the island is interactive, and a form sent while the code loaded goes now.
  useEffect(() => footerReady(document.querySelector(".footer-island")), []);
  const data = useRootData();
  const t = useT();
  const { footer } = useSiteConfig();
  const { footerOverride } = usePageFurniture();
  const breadcrumb = useBreadcrumb();
  if (!data) return null;
  const linkbox = footerOverride ? footerOverride.linkbox : footer.linkbox;
  const seo = footerOverride ? footerOverride.seoViewMore : footer.seoViewMore;
  const boxes = footer.footerBlock.filter(
    (box) => box.type !== "languages" || data.languages.length > 1,
  );
  const hasLanguagesBox = boxes.some((box) => box.type === "languages");
  return (
    <footer className="site-footer">
      {footer.customerOpinions ? <ReviewBlock data={footer.customerOpinions} /> : null}
      {footer.communicationBlock.length > 0 ? (
        <div className="site-footer__band">
          <CommunicationTiles tiles={footer.communicationBlock} />
        </div>
      ) : null}
      {footer.newsletterBlock ? <NewsletterBlock data={footer.newsletterBlock} /> : null}
      <div className="site-footer__main">
        <div className="site-footer__inner">
          <Breadcrumb items={breadcrumb} />
          <FooterLinkBox lists={linkbox} />
          <FooterBoxes boxes={boxes} />
          {!hasLanguagesBox && data.languages.length > 1 ? (
            <LanguageNav className="site-footer__languages" />
          ) : null}
          <PaymentMethods methods={footer.paymentMethods} title={footer.paymentTitle} />
          {seo ? <SeoText data={seo} /> : null}
        </div>
      </div>
      <p className="site-footer__copyright">
        {copyrightLine(
          footer.copyright,
          data.year,
          t("footer.copyright", { year: data.year, brand: data.brand.name }),
        )}
        {/* Recommending the shop is the shop's own page in every language, not content. */}
        <span aria-hidden="true"> · </span>
        <LocaleLink to={recommendationPath(data.language)}>
          {t("recommendation.footerLink")}
        </LocaleLink>
      </p>
    </footer>
  );
}
