/**
 * Vitest global setup: names the folder the tests' shop bundle is built into, once per run
 * and only when a test file asks for the shop (server/testing/shop.ts builds it there on
 * first use). It lies under node_modules/.cache, so the tests load it as Node would, without
 * transforming it again, and it is removed when the run ends.
 *
 * `npm test` builds the shop before the unit stage (the browser tests and the hostile suite
 * need that build as well) and names it in TEST_SHOP_BUILD_DIR: the tests then load that
 * bundle instead of building the same sources a second time, and leave it in place. A run
 * without the variable (a developer's `npm run test:unit`, whose build/ may be older than
 * the sources) builds its own as before.
 */
import { randomBytes } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";

export default function setup(project: TestProject) {
  const given = process.env.TEST_SHOP_BUILD_DIR;
  if (given) {
    const dir = path.resolve(given);
    if (!existsSync(path.join(dir, "server", "index.js")))
      throw new Error(`TEST_SHOP_BUILD_DIR=${given} holds no server build (npm run build first)`);
    project.provide("shopBuildDir", dir);
    return;
  }
  const dir = path.resolve(
    "node_modules/.cache",
    `shop-test-build-${randomBytes(6).toString("hex")}`,
  );
  project.provide("shopBuildDir", dir);
  return () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(`${dir}.lock`, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    shopBuildDir: string;
  }
}
