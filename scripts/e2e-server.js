// Starts the built shop for the end-to-end tests on a fresh embedded database.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

process.env.PGLITE_DIR = mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));
process.env.NODE_ENV = "production";
// A fresh image cache, so the tests see the first rendering of each image.
process.env.IMAGE_CACHE_DIR ??= mkdtempSync(path.join(os.tmpdir(), "shop-e2e-images-"));
// Known content tokens, so the tests can sign in to the editor and use the management API.
process.env.CONTENT_CARDS_PREVIEW_TOKEN ??= "e2e-cards-preview-token";
process.env.CONTENT_WALLART_PREVIEW_TOKEN ??= "e2e-wallart-preview-token";
process.env.CONTENT_MANAGEMENT_TOKEN ??= "e2e-content-management-token";
// The tests read the account mails in the development mailbox.
process.env.MAILBOX_ENABLED ??= "true";
// The repository's flags plus a tester's key that sees the wall-art burger groups.
process.env.FLAGS_FILE ??= "tests/e2e/flags.yaml";
// Third parties on hosts the tests serve local stand-ins for (tests/e2e/fixtures.ts).
process.env.TAG_MANAGER_ID ??= "GTM-STANDIN1";
process.env.TAG_MANAGER_URL ??= "https://tags.standin.test/gtm.js";
process.env.SESSION_ANALYTICS_URL ??= "https://analytics.standin.test/hotjar.js";
process.env.CHAT_SCRIPT_URL ??= "https://chat.standin.test/snippet.js";
process.env.FLAGS_FORWARD_EVALUATIONS ??= "true";
await import("../server.js");
