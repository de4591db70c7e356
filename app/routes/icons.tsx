import { useT } from "../i18n/i18n";
import { ICONS } from "../ui/iconPaths";

/** The icon sprite page (svg-sprite layout): every icon the shop uses, with its name, drawn from the sprite every page has (ui/Icon.tsx). */
export function meta() {
  return [{ name: "robots", content: "noindex" }, { title: "Icons" }];
}

export default function Icons() {
  const t = useT();
  return (
    <>
      <h1>{t("icons.title")}</h1>
      <ul className="icon-grid">
        {ICONS.map((name) => (
          <li key={name}>
            <svg aria-hidden="true" width="32" height="32">
              <use href={`#icon-${name}`} />
            </svg>
            <span>{name}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
