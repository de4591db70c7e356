import { useLocation, useNavigate } from "react-router";
import { useRootData } from "~/lib/rootData";
import { useT } from "~/i18n/i18n";
import { Icon } from "~/ui/Icon";
import { openDialog } from "~/ui/dialogState";
import { displayName, useCustomer } from "~/lib/customer";
import { FLAGS, useFlag } from "~/furniture/flags";
import { LocaleLink } from "~/ui/LocaleLink";
import { ShopLink } from "~/ui/ShopLink";
import { useSiteConfig } from "../siteConfig";
import type { ShopEntry } from "../types";
import "./header.css";
import { telHref, type LocalisedHref } from "../../../domain/links";
import { withDesktopMarker } from "../../../domain/paths";
import { WISHLIST_PATHS } from "../../../domain/wishlistPaths";
import { CHANNEL_FEATURES } from "../../../config/channelFeatures";
import { useLocaleHref } from "~/ui/LocaleLink";

/** A furniture link as the platform needs it: on the desktop app, internal ones keep the d marker. */
function usePlatformLink<L extends LocalisedHref | null | undefined>(link: L): L {
  const data = useRootData();
  return link && data?.platform === "desktop" && !link.external
    ? { ...link, href: withDesktopMarker(link.href) }
    : link;
}

function ShopList({ shops }: { shops: ShopEntry[] }) {
  const t = useT();
  return (
    <nav className="shop-list" aria-label={t("header.shops")}>
      <ul>
        {shops.map((shop) => (
          <li key={shop.id} style={{ "--shop-colour": shop.color } as React.CSSProperties}>
            <ShopLink
              link={shop.link}
              className="shop-list__link"
              aria-current={shop.current ? "true" : undefined}
            >
              {shop.icon ? (
                <img src={shop.icon.filename} alt="" width="18" height="18" loading="lazy" />
              ) : null}
              {shop.text}
            </ShopLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The account item: logged out, a button that opens the LogIn dialog; logged in, the
 * customer's first and last name with the customer icon (a link to the account page
 * when the configuration has one).
 */
function AccountItem() {
  const t = useT();
  const customer = useCustomer();
  const { header } = useSiteConfig();
  if (customer.isLoggedIn) {
    const content = (
      <>
        <Icon name="customer" />
        <span className="header-item__text">{displayName(customer) || t("header.account")}</span>
      </>
    );
    return header.account ? (
      <AccountLink link={header.account}>{content}</AccountLink>
    ) : (
      <span className="header-item header-item--customer">{content}</span>
    );
  }
  return (
    <button
      type="button"
      className="header-item"
      aria-haspopup="dialog"
      onClick={() => openDialog("LogIn")}
    >
      <Icon name="account" />
      <span className="header-item__text">{t("header.logIn")}</span>
    </button>
  );
}

function AccountLink({ link, children }: { link: LocalisedHref; children: React.ReactNode }) {
  return (
    <ShopLink link={usePlatformLink(link)} className="header-item header-item--customer">
      {children}
    </ShopLink>
  );
}

/**
 * The desktop app's back link (instead of the web items): back in the app's history when
 * there is a previous page, else to the desktop product overview.
 */
function BackLink() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <LocaleLink
      className="site-header__back"
      to="/d/products"
      onClick={(event) => {
        // "default" is the key of the first page of the session: nothing to go back to.
        if (location.key === "default" || event.metaKey || event.ctrlKey || event.shiftKey) {
          return;
        }
        event.preventDefault();
        void navigate(-1);
      }}
    >
      <Icon name="chevron-left" size={18} />
      {t("header.backToShop")}
    </LocaleLink>
  );
}

/**
 * The wishlist item of a brand that keeps one: a heart with the count of saved designs,
 * filled in the browser from the customer data (the page's HTML stays the same for all).
 */
function WishlistItem() {
  const t = useT();
  const data = useRootData();
  const count = useCustomer().wishlistThemes;
  const link = usePlatformLink(useLocaleHref(data ? WISHLIST_PATHS[data.language] : "/"));
  if (!data || !CHANNEL_FEATURES[data.channel].wishlist || !link) return null;
  return (
    <ShopLink link={link} className="header-item header-item--wishlist">
      <Icon name="heart" />
      <span className="header-item__text">{t("wishlist.header")}</span>
      <span className="visually-hidden">, {t("wishlist.headerItems", { count })}</span>
      <span className="wishlist-badge" data-count={count} aria-hidden="true">
        {count}
      </span>
    </ShopLink>
  );
}

function CartItem() {
  const t = useT();
  const { header } = useSiteConfig();
  const count = useCustomer().order.cartArticlesAmount;
  const cart = usePlatformLink(header.cart);
  if (!cart) return null;
  return (
    <ShopLink link={cart} className="header-item header-item--cart">
      <Icon name="cart" />
      <span className="header-item__text">{t("header.cart")}</span>
      <span className="visually-hidden">, {t("header.cartItems", { count })}</span>
      <span className="cart-badge" data-count={count} aria-hidden="true">
        {count}
      </span>
    </ShopLink>
  );
}

/**
 * The site header: home link, the shop list, magazine and service with
 * the hotline (web only), account and cart. The desktop app shows a back link instead
 * of the shop list, hotline, magazine and service, and keeps log-in and cart (their links
 * with the d marker, so the shopper stays in the app). The home link keeps the page's language (and the desktop platform). `burger` is the burger navigation's open button, `navigation` the
 * main navigation bar.
 */
export function SiteHeader({
  burger,
  navigation,
}: {
  burger?: React.ReactNode;
  navigation?: React.ReactNode;
}) {
  const data = useRootData();
  const t = useT();
  const { header } = useSiteConfig();
  const hideShops = useFlag(FLAGS.hideShops);
  if (!data) return null;
  const web = data.platform === "web";
  return (
    <header className="site-header">
      {web && (header.shops.length > 0 || header.serviceHotline) ? (
        <div className="site-header__top">
          <div className="site-header__top-inner">
            {header.shops.length > 0 && !hideShops ? <ShopList shops={header.shops} /> : <span />}
            {header.serviceHotline ? (
              <a className="site-header__hotline" href={telHref(header.serviceHotline)}>
                <Icon name="phone" size={16} />
                <span>
                  {t("header.hotline")} {header.serviceHotline}
                </span>
                {header.serviceHotlineText ? (
                  <span className="site-header__hotline-hours">{header.serviceHotlineText}</span>
                ) : null}
              </a>
            ) : null}
          </div>
        </div>
      ) : null}
      <div className="site-header__inner">
        {web ? burger : null}
        {web ? null : <BackLink />}
        <LocaleLink
          className="brand"
          to={web ? "/" : "/d"}
          aria-label={t("header.homeLink", { brand: data.brand.name })}
        >
          <img src={data.brand.logo} alt="" width="40" height="40" />
          <span className="brand__name">{data.brand.name}</span>
        </LocaleLink>
        <div className="site-header__items">
          {web && header.magazine ? (
            <ShopLink link={header.magazine.link} className="header-item header-item--info">
              <Icon name="magazine" />
              <span className="header-item__text">{header.magazine.text}</span>
            </ShopLink>
          ) : null}
          {web && header.service ? (
            <ShopLink link={header.service.link} className="header-item header-item--info">
              <Icon name="help" />
              <span className="header-item__text">{header.service.text}</span>
            </ShopLink>
          ) : null}
          <AccountItem />
          <WishlistItem />
          <CartItem />
        </div>
      </div>
      {navigation}
    </header>
  );
}
