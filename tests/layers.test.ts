/**
 * The layer rules of eslint.config.js bite: each wrong-way import below fails lint, whether
 * static, re-exported, dynamic (`import()`) or `require()`; each right-way one passes. Run
 * by hand with `npx vitest run tests/layers.test.ts`.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

/** The layer-rule messages ESLint gives `code` as if it were the file at `filePath`. */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === "layers/imports")
    .map((m) => m.message);
}

describe("layer rules", () => {
  it.each([
    ["domain/money.ts", 'import { x } from "../config/channels";'],
    ["domain/money.ts", 'import { x } from "../app/lib/log";'],
    ["domain/money.ts", 'import { x } from "react";'],
    ["domain/money.ts", 'import { x } from "zod/mini";'],
    ["config/hosts.ts", 'import { x } from "../app/lib/log";'],
    ["config/hosts.ts", 'import { x } from "../server/services";'],
    ["app/lib/site.ts", 'import { x } from "../../server/services";'],
    ["app/blocks/prepare.server.ts", 'import { x } from "../../server/images/store";'],
    ["app/ui/LocaleLink.tsx", 'import { x } from "../root";'],
    ["app/entry.server.tsx", 'import { x } from "./root";'],
    ["server/api/content-shop.ts", 'import { x } from "../../app/blocks/prepare.server";'],
    ["server/api/content-shop.ts", 'import type { x } from "../../app/blocks/types";'],
    ["server/app.ts", 'import { x } from "../app/context";'],
    ["server/app.ts", 'import { x } from "~/context";'],
    ["cms/store.ts", 'import { x } from "../server/middleware/clientAddress";'],
    ["cms/cms.ts", 'import { x } from "../app/lib/log";'],
    ["db/client.ts", 'import { x } from "../server/logger";'],
    ["db/client.ts", 'import { x } from "../cms/store";'],
    ["app/routes/editor.tsx", 'import { x } from "../../cms/store";'],
    ["app/lib/site.ts", 'import { x } from "../../db/client";'],
    // Dynamic imports, require() and re-exports are held to the same rules.
    ["app/lib/site.ts", 'const x = await import("../../server/services");'],
    ["app/routes/editor.tsx", "const x = await import(`../../server/services`);"],
    ["cms/store.ts", 'const x = await import("../server/services");'],
    ["domain/money.ts", 'const x = await import("node:fs");'],
    ["domain/money.ts", 'const x = require("node:fs");'],
    ["server/app.ts", 'const x = require("../app/context");'],
    ["db/client.ts", 'export { x } from "../server/logger";'],
    ["config/hosts.ts", 'export * from "../cms/store"; const x = 1;'],
    // config/ stands on domain/ alone.
    ["config/hosts.ts", 'import { x } from "../db/client";'],
    ["config/cache.ts", 'import { x } from "../content/GLOBAL";'],
    // Inside app/ a folder imports only those below it (lib ← i18n ← integrations ← ui ←
    // cart ← checkout ← catalogue ← blocks ← furniture ← account ← studio ← editor ← admin ←
    // shell), types too.
    ["app/lib/site.ts", 'import type { x } from "../furniture/types";'],
    ["app/lib/site.ts", 'import { x } from "~/ui/Image";'],
    ["app/i18n/i18n.ts", 'import { x } from "../ui/Image";'],
    ["app/i18n/translator.ts", 'import type { x } from "../integrations/manager";'],
    ["app/ui/Image.tsx", 'import type { x } from "../blocks/types";'],
    ["app/ui/Image.tsx", 'const x = await import("../shell/theme");'],
    ["app/integrations/manager.ts", 'import { x } from "../furniture/consent/consentState";'],
    ["app/catalogue/ThemeCard.tsx", 'import type { x } from "../blocks/types";'],
    ["app/cart/cart.server.ts", 'import { x } from "../catalogue/types";'],
    ["app/blocks/parts/RichText.tsx", 'import type { x } from "../../furniture/types";'],
    ["app/blocks/Teaser/teaser.server.ts", 'import { x } from "../../furniture/read.server";'],
    ["app/furniture/header/SiteHeader.tsx", 'import { x } from "../../account/Field";'],
    ["app/furniture/footer/SiteFooter.tsx", 'export { x } from "~/shell/SiteFrame";'],
    ["app/editor/editor.server.ts", 'import { x } from "../admin/admin.server";'],
    ["app/admin/admin.server.ts", 'import { x } from "../shell/ErrorPage";'],
    ["app/account/Field.tsx", 'import { x } from "../shell/ErrorPage";'],
    ["app/cart/CartPage.tsx", 'import { x } from "../studio/Studio";'],
    ["app/cart/cart.server.ts", 'import { x } from "../checkout/checkout.server";'],
    ["app/checkout/CheckoutPage.tsx", 'import type { x } from "../account/Field";'],
    ["app/studio/Studio.tsx", 'import { x } from "../editor/EditorPage";'],
    ["app/wishlist/wishlist.server.ts", 'import { x } from "../catalogue/browsing.server";'],
    ["app/recommendation/recommendation.server.ts", 'import { x } from "../studio/Studio";'],
    // Every page's first load (shell, furniture) carries no catalogue prices and no zod rules.
    ["app/furniture/header/SiteHeader.tsx", 'import { x } from "../../../domain/wishlist";'],
    ["app/furniture/Flyout.tsx", 'import { x } from "../../domain/configurationPrice";'],
    ["app/shell/ErrorPage.tsx", 'const x = await import("../../domain/designerLinks");'],
  ])("%s may not %s", async (file, code) => {
    expect(await layerErrors(file, code)).toHaveLength(1);
  });

  it.each([
    ["domain/money.ts", 'import { x } from "./locales";'],
    ["domain/customers.ts", 'import { z } from "zod";'],
    ["config/hosts.ts", 'import { x } from "../domain/locales";'],
    ["config/hosts.ts", 'import { x } from "zod";'],
    ["app/lib/site.ts", 'import { x } from "../../domain/paths";'],
    ["app/lib/site.ts", 'import { x } from "../../config/channels";'],
    ["app/context.ts", 'import type { x } from "../server/storefront";'],
    ["app/lib/rootData.ts", 'import type { x } from "../root";'],
    ["server/testing/shop.ts", 'import type { x } from "../app";'],
    ["server/app.ts", 'import { x } from "./storefront";'],
    ["server/api/index.ts", 'import { x } from "../../domain/content";'],
    ["cms/store.ts", 'import { x } from "../db/schema";'],
    ["cms/import.ts", 'import { x } from "../config/channels";'],
    ["server/services.ts", 'import { x } from "../cms/cms";'],
    ["app/routes/editor.tsx", 'import type { x } from "../../cms/cms";'],
    ["app/routes/editor.tsx", 'const x = await import("../shell/theme");'],
    ["app/lib/site.ts", 'const x = await import("../../domain/paths");'],
    ["app/lib/site.ts", "const x = await import(name);"],
    ["config/hosts.ts", 'export { x } from "../domain/locales";'],
    ["app/ui/Image.tsx", 'import { x } from "../lib/log";'],
    ["app/ui/Image.tsx", 'import { x } from "~/i18n/i18n";'],
    ["app/blocks/Teaser/Teaser.tsx", 'import { x } from "../../catalogue/ThemeCard";'],
    ["app/checkout/checkout.server.ts", 'import { x } from "../cart/cart.server";'],
    ["app/catalogue/ThemeCard.tsx", 'import { x } from "../wishlist/WishlistHeart";'],
    ["app/recommendation/RecommendationForm.tsx", 'import { x } from "../account/Field";'],
    ["app/blocks/parts/RichText.tsx", 'import { x } from "../../ui/types";'],
    ["app/furniture/navigation/Flyout.tsx", 'import { x } from "../footer/SiteFooter";'],
    ["app/furniture/SiteHeader.tsx", 'import { x } from "../blocks/PageBody";'],
    ["app/shell/SiteFrame.tsx", 'import { x } from "../furniture/header/SiteHeader";'],
    ["app/routes/content.tsx", 'import { x } from "../shell/ErrorPage";'],
    ["app/root.tsx", 'import { x } from "./shell/SiteFrame";'],
    ["app/furniture/header/SiteHeader.tsx", 'import { x } from "../../../domain/wishlistPaths";'],
    ["app/furniture/header/SiteHeader.tsx", 'import type { x } from "../../../domain/catalogue";'],
    ["app/furniture/config.server.ts", 'import { x } from "../../domain/cataloguePrices";'],
    [
      "app/blocks/Calculator/Calculator.tsx",
      'import { x } from "../../../domain/configurationPrice";',
    ],
    // Tests may cross the app's floors (a block's test renders with the furniture's helper).
    ["app/ui/Image.test.tsx", 'import { x } from "../furniture/furniture.testing";'],
  ])("%s may %s", async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});
