/**
 * Vitest global setup: names the folder the tests' shop bundle is built into, once per run
 * and only when a test file asks for the shop (server/testing/shop.ts builds it there on
 * first use). It lies under node_modules/.cache, so the tests load it as Node would, without
 * transforming it again, and it is removed when the run ends.
 */
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";

export default function setup(project: TestProject) {
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
