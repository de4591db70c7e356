// Starts the built shop for the end-to-end tests on a fresh embedded database.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

process.env.PGLITE_DIR = mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));
process.env.NODE_ENV = "production";
await import("../server.js");
