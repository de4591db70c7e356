/** The furniture without content: no GlobalConfig story, no page fields. No imports, so any module may use it. */
import type { PageFurniture, SiteConfig } from "./types";

/** The configuration without a GlobalConfig story: furniture without navigation items. */
export const EMPTY_SITE_CONFIG: SiteConfig = {
  header: {
    shops: [],
    magazine: null,
    service: null,
    serviceHotline: "",
    serviceHotlineText: "",
    account: null,
    cart: null,
  },
  mainNavigation: [],
  burgerNavigation: {
    mainNavigationItems: [],
    extraMenu: [],
    serviceHotline: "",
    serviceText: "",
    footer: [],
    wallArtGroups: null,
  },
  actionBar: null,
  footer: {
    linkbox: [],
    newsletterBlock: null,
    communicationBlock: [],
    customerOpinions: null,
    seoViewMore: null,
    paymentMethods: [],
    paymentTitle: "",
    footerBlock: [],
    copyright: "",
  },
  appBanner: null,
  helpChat: null,
  consent: null,
};

export const EMPTY_PAGE_FURNITURE: PageFurniture = {
  activeNavigation: null,
  subNavigation: false,
  footerOverride: null,
  actionBar: null,
};
