/**
 * Rendering furniture components in unit tests (happy-dom): a router whose root route
 * carries root data built from a seed GlobalConfig story, the translations of the
 * locale, and the navigation details the burger and flyouts fetch. Test code only.
 */
import { existsSync, readFileSync } from "node:fs";
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createRoutesStub } from "react-router";
import { vi } from "vitest";
import { CHANNELS, type ChannelId } from "../../config/channels";
import {
  contentLocaleChain,
  localeSettings,
  toContentLanguageCode,
  type Locale,
} from "../../domain/locales";
import { createI18n, I18nContext } from "../i18n/i18n";
import { messagesFor } from "../i18n/messages.server";
import type { FeatureFlags } from "./flags";
import type { PageSwitches } from "../../domain/flags";
import { NO_THIRD_PARTIES, type ThirdPartyConfig } from "../../domain/thirdParty";
import type { RootData } from "../lib/rootData";
import { storefrontFacts } from "../../config/countryFacts";
import { fillFacts } from "../../domain/countryFacts";
import { readSiteConfig } from "./config.server";
import { frameConfig, navigationDetails } from "./furniture.server";
import { forgetNavigationDetails } from "./navigation/navigationDetails";
import type { LayoutData, SiteData } from "./siteConfig";
import type { SiteConfig } from "./types";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

export interface FurnitureOptions {
  channel?: ChannelId;
  locale?: Locale;
  platform?: "web" | "desktop";
  featureFlags?: FeatureFlags;
  /** What the page's URL switches off. */
  switches?: PageSwitches;
  /** The third-party scripts the operator configured (none by default). */
  thirdParty?: ThirdPartyConfig;
  /** The default layout's data (page furniture, error story). */
  layout?: LayoutData;
  path?: string;
  /** An app banner in place of the seed's (which configures no app). */
  appBanner?: SiteConfig["appBanner"];
}

/**
 * The instant the seed configuration is read at: inside the seed's winter campaign, so its
 * dated action bar shows whatever today's date is when the tests run.
 */
const SEED_NOW = new Date("2026-12-01T12:00:00Z");

/** The full site configuration of a channel's seed story, as of SEED_NOW. */
export function seedConfig(channel: ChannelId = "cards", locale: Locale = "de-DE"): SiteConfig {
  // The locale's own story, else its content fallback's (fr-CH → fr-FR).
  const folder = contentLocaleChain(locale)
    .map(toContentLanguageCode)
    .find((code) => existsSync(`content/${channel}/${code}/config.json`));
  const story = JSON.parse(readFileSync(`content/${channel}/${folder}/config.json`, "utf8")) as {
    content: unknown;
  };
  const { country, language } = localeSettings(locale);
  // As the loader does: the storefront's own hotline, hours and company filled in.
  return readSiteConfig(fillFacts(story.content, storefrontFacts(channel, locale)), {
    channel,
    country,
    language,
    locale,
    folder: folder ?? "",
    trailingSlash: CHANNELS[channel].features.trailingSlash,
    now: SEED_NOW,
    siteOrigin: ({ channel: target }) => `https://${target ?? channel}.example`,
  });
}

/** Root data as the root loader would send it for a seed configuration. */
export function rootDataFor(options: FurnitureOptions = {}): RootData & SiteData {
  const channel = options.channel ?? "cards";
  const locale = options.locale ?? "de-DE";
  const { country, language, currency } = localeSettings(locale);
  const brand = CHANNELS[channel];
  return {
    errorTitles: { notFound: "404", server: "500" },
    locale,
    language,
    channel,
    country,
    platform: options.platform ?? "web",
    currency,
    brand: { name: brand.brandName, tagline: brand.tagline, logo: brand.logo },
    themeCss: "",
    messagesUrl: "/_messages/test.json",
    debugErrors: false,
    thirdParty: options.thirdParty ?? NO_THIRD_PARTIES,
    forwardFlagEvaluations: false,
    year: new Date().getFullYear(),
    siteUrl: "/_furniture.json?frame=test",
    site: frameConfig({
      ...seedConfig(channel, locale),
      ...(options.appBanner !== undefined ? { appBanner: options.appBanner } : {}),
    }),
    featureFlags: options.featureFlags ?? {},
    switches: options.switches ?? { actionBar: true, promotions: true },
    languages: [],
  } as RootData & SiteData;
}

/** A container with a React root, rendered inside act(). */
export class TestRoot {
  readonly container: HTMLDivElement;
  private root: Root;

  constructor() {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    this.container = document.createElement("div");
    document.body.append(this.container);
    this.root = createRoot(this.container);
  }

  async render(node: ReactNode): Promise<void> {
    await act(async () => this.root.render(node));
  }

  /**
   * Renders `element` as the page of a router whose root route has the root data (and,
   * when given, the default layout's data), inside the locale's translations. The
   * navigation details endpoint answers from the seed configuration.
   */
  async renderFurniture(
    element: ReactNode,
    options: FurnitureOptions = {},
  ): Promise<RootData & SiteData> {
    const data = rootDataFor(options);
    const details = navigationDetails(seedConfig(data.channel, data.locale));
    forgetNavigationDetails();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json(details)),
    );
    const i18n = createI18n(data.locale, messagesFor(data.locale));
    const Page = () => <>{element}</>;
    const pages = [
      { index: true, Component: Page },
      { path: "*", Component: Page },
    ];
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        loader: () => data,
        HydrateFallback: () => null,
        children: options.layout
          ? [
              {
                id: "layouts/default",
                loader: () => options.layout ?? null,
                children: pages,
              },
            ]
          : pages,
      },
    ]);
    await this.render(
      <I18nContext value={i18n}>
        <Stub initialEntries={[options.path ?? "/"]} />
      </I18nContext>,
    );
    await vi.waitFor(() => {
      if (this.container.childElementCount === 0) {
        throw new Error(`not rendered yet: ${this.container.innerHTML}`);
      }
    });
    return data;
  }

  unmount(): void {
    act(() => this.root.unmount());
    this.container.remove();
    vi.unstubAllGlobals();
  }
}
