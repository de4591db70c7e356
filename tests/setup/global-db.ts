/**
 * Vitest global setup: migrates one PGlite database into a template folder once per
 * run; each test file opens its own copy (0.6 s) instead of initialising (4 s).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../db/client";

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "shop-pglite-template-"));
  const database = await openDatabase({ dataDir: dir });
  await database.migrate();
  await database.close();
  project.provide("pgliteTemplate", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
