import { Link } from "react-router";
import { useRootData } from "../root";
import { useT } from "../i18n/i18n";

/** The site header: the brand's home link; web shows service links, the desktop app a back link. */
export function SiteHeader() {
  const data = useRootData();
  const t = useT();
  if (!data) return null;
  return (
    <header className="site-header">
      <div className="site-header__inner">
        {data.platform === "web" ? null : (
          <Link className="site-header__back" to="/d/products">
            {t("header.backToShop")}
          </Link>
        )}
        <Link className="brand" to="/">
          <img src={data.brand.logo} alt="" width="40" height="40" />
          <span className="brand__name">
            {data.brand.name}
            <span className="visually-hidden"> – {t("common.home")}</span>
          </span>
          <span className="brand__tagline">{data.brand.tagline}</span>
        </Link>
      </div>
    </header>
  );
}
