import { useRootData } from "~/lib/rootData";
import { useT } from "~/i18n/i18n";

/** The country's languages, the current one marked. */
export function LanguageNav({ className }: { className?: string }) {
  const data = useRootData();
  const t = useT();
  if (!data) return null;
  return (
    <nav aria-label={t("footer.languages")} className={className}>
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
  );
}
