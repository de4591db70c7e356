/**
 * The layer rules of eslint.config.js bite: each wrong-way import below fails lint, each
 * right-way one passes. Run by hand with `npx vitest run tests/layers.test.ts`.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

/** The layer-rule messages ESLint gives `code` as if it were the file at `filePath`. */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports")
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
  ])("%s may %s", async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});
