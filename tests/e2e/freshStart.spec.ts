/**
 * A newcomer's first `npm start`: the built shop in production mode on its embedded defaults,
 * started here as `npm run serve` starts it (server.js with NODE_ENV=production), with none
 * of the e2e server's settings (no mailbox switch, no hosts file, no SMTP), on a new empty
 * embedded database of its own and a port of its own (FRESH_START_PORT, 3418: the e2e
 * server already holds E2E_PORT and the next one). A new customer signs up on the
 * storefront, finds the confirmation mail on the development mailbox page (open without any
 * log-in on the shop's own *.localhost hosts), follows its link, and is signed in with the
 * address confirmed.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, withConsent } from "./fixtures";

const PORT = Number(process.env.FRESH_START_PORT ?? 3418);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PASSWORD = "Fenster-Garten-Wolke-47";

const at = (host: string, target: string) => `http://${host}:${PORT}${target}`;

test("on a fresh npm start, a new customer signs up and confirms the address from the mailbox page", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "shop-fresh-"));
  // Only what a shell gives every program: no variable of the shop's own, not even a
  // DATABASE_URL a PostgreSQL run of the tests may have set.
  const shop = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? dir,
      NODE_ENV: "production",
      PORT: String(PORT),
      PGLITE_DIR: path.join(dir, "pglite"),
      IMAGE_CACHE_DIR: path.join(dir, "image-cache"),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  shop.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => shop.once("exit", () => resolve()));
  try {
    await expect
      .poll(
        async () => {
          expect(shop.exitCode, `the shop stopped: ${stderr}`).toBeNull();
          return fetch(at("127.0.0.1", "/health"))
            .then((r) => r.status)
            .catch(() => 0);
        },
        { timeout: 90_000, intervals: [250, 500, 1_000] },
      )
      .toBe(200);
    await withConsent(context, ["localhost", "cards.localhost"]);

    const email = `neu.${Date.now()}@example.de`;
    await page.goto(at("localhost", "/konto/registrieren"));
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const main = page.getByRole("main");
    await main.getByLabel("Vorname").fill("Nora");
    await main.getByLabel("Nachname").fill("Neu");
    await main.getByLabel("E-Mail-Adresse").fill(email);
    await main.getByLabel("Passwort", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Konto anlegen" }).click();
    await expect(main.getByRole("status")).toContainText("Fast geschafft");

    // The mailbox page, with no log-in: the mail to the address, and its link.
    const mailbox = await page.goto(at("localhost", "/_mailbox"));
    expect(mailbox?.status()).toBe(200);
    await page.getByRole("listitem").filter({ hasText: email }).first().getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      /Bitte bestätigen Sie Ihre E-Mail-Adresse/,
    );
    await page.getByRole("article").getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("E-Mail-Adresse bestätigen");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("main").getByLabel("Passwort", { exact: true }).fill(PASSWORD);
    await page.getByRole("main").getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(/\/konto$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mein Konto");
    await expect(page.getByRole("banner")).toContainText("Nora Neu");
  } finally {
    shop.kill("SIGTERM");
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
});
