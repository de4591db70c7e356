import { useRootData } from "../root";
import { useT } from "../i18n/i18n";

/** The footer: languages of this country and the copyright line with the current year. */
export function SiteFooter() {
  const data = useRootData();
  const t = useT();
  if (!data) return null;
  return (
    <footer className="site-footer">
      {data.languages.length > 1 ? (
        <nav aria-label={t("footer.languages")} className="site-footer__languages">
          <ul>
            {data.languages.map((entry) => (
              <li key={entry.language}>
                <a
                  href={entry.href}
                  hrefLang={entry.locale}
                  lang={entry.locale}
                  aria-current={entry.current ? "true" : undefined}
                >
                  {entry.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p className="site-footer__copyright">
        {t("footer.copyright", { year: data.year, brand: data.brand.name })}
      </p>
    </footer>
  );
}
