/**
 * The first owner, as a shop started on a fresh database hands it out: the start logs a
 * one-time setup link while no owner exists, the link's page creates the owner (a weak
 * password refused, field by field) and signs them in towards their second factor, and
 * afterwards the link is used up and the start logs none. With real hosts and no SMTP the
 * start warns that mails reach only the back office.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASES } from "../../db/testing";
import { announceBackOffice } from "../../server/admin/boot";
import { parseEnv, type Env } from "../../server/env";
import type { Logger } from "../../server/logger";
import { openAdminShop, type AdminShop } from "./adminShop.testing";

/** A logger that keeps what was warned, by its id. */
function warnings() {
  const said: { id: string; path?: string; message: string }[] = [];
  const log = {
    warn: (fields: { id: string; path?: string }, message: string) =>
      said.push({ ...fields, message }),
  } as unknown as Logger;
  return { said, log };
}

/** The setup form's fields and their labels. */
const FIELDS = [
  ["name", "Name"],
  ["email", "E-mail address"],
  ["password", "Password"],
] as const;
/** A field's input element, as the page renders it. */
const inputOf = (html: string, field: string) =>
  new RegExp(`<input[^>]*\\bid="field-${field}"[^>]*>`).exec(html)?.[0];
/** The message shown under a field, if any. */
const errorOf = (html: string, field: string) =>
  new RegExp(`<p id="field-${field}-error"[^>]*>([^<]*)</p>`).exec(html)?.[1];

describe.each(TEST_DATABASES)("the back office's first owner on %s", (kind) => {
  let t: AdminShop;
  const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  beforeAll(async () => {
    t = await openAdminShop(kind);
  }, 180_000);
  afterAll(() => t?.close());

  const announce = async (over: Partial<Env> = {}) => {
    const { said, log } = warnings();
    await announceBackOffice({
      env: { ...env, ...over },
      log,
      operators: t.services.admin.operators,
      origin: "http://localhost:3000",
    });
    return said;
  };
  const post = (target: string, fields: Record<string, string>) =>
    t.request(target, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

  it("is created through the link the start logs, once, and signed in towards the second factor", async () => {
    const [setup] = (await announce()).filter((w) => w.id === "back-office-setup");
    expect(setup?.message).toContain(`http://localhost:3000${setup!.path}`);
    const path = setup!.path!;
    const token = new URL(path, "http://localhost").searchParams.get("token")!;
    expect(path).toMatch(/^\/_admin\/setup\?token=[\w-]{20,}$/);

    const page = await t.request(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`name="token" value="${token}"`);
    expect(html).toContain(`action="${path}"`);
    // Each field has its label and, untouched, no error.
    for (const [field, label] of FIELDS) {
      expect(html).toContain(`<label for="field-${field}">${label}</label>`);
      expect(inputOf(html, field)).toContain(`name="${field}"`);
      expect(inputOf(html, field)).not.toContain("aria-invalid");
      expect(errorOf(html, field)).toBeUndefined();
    }

    // Every wrong field gets its own message, tied to its input.
    const wrong = await post(path, {
      token,
      email: "olivia-at-example",
      name: " ",
      password: "kurz",
    });
    expect(wrong.status).toBe(400);
    const answer = await wrong.text();
    expect(Object.fromEntries(FIELDS.map(([field]) => [field, errorOf(answer, field)]))).toEqual({
      name: "Enter a name",
      email: "Enter a valid e-mail address",
      password: "Use at least 10 characters",
    });
    for (const [field] of FIELDS) {
      expect(inputOf(answer, field)).toContain('aria-invalid="true"');
      expect(inputOf(answer, field)).toMatch(
        new RegExp(`aria-describedby="[^"]*\\bfield-${field}-error\\b`),
      );
    }
    expect(inputOf(answer, "email")).toContain('value="olivia-at-example"');

    // The page's form posts to its own address, the link's token with it.
    const weak = await post(path, {
      token,
      email: "olivia@example.com",
      name: "Olivia Owner",
      password: "Passwort123!",
    });
    expect(weak.status).toBe(400);
    const weakAnswer = await weak.text();
    expect(weakAnswer).toContain('value="olivia@example.com"');
    // Only the password is wrong: only it carries a message.
    expect(errorOf(weakAnswer, "password")).toBe(
      "This password is too easy to guess: use a longer phrase",
    );
    expect(errorOf(weakAnswer, "email")).toBeUndefined();
    expect(errorOf(weakAnswer, "name")).toBeUndefined();

    const created = await post(path, {
      token,
      email: "olivia@example.com",
      name: "Olivia Owner",
      password: "Laterne-Wolke-Fahrrad-93",
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/_admin/security");
    expect(created.headers.get("set-cookie")).toMatch(/admin/i);

    // Used up: the page says so, a second owner cannot be made with it, the start logs no link.
    expect(await (await t.request(path)).text()).toContain("not valid (any more)");
    const again = await post(path, {
      token,
      email: "mallory@example.com",
      name: "Mallory",
      password: "Laterne-Wolke-Fahrrad-94",
    });
    expect(again.status).toBe(400);
    expect((await announce()).map((w) => w.id)).not.toContain("back-office-setup");
  });

  it("warns at start that mails reach only the back office when real hosts have no SMTP", async () => {
    expect((await announce({ HOSTS_FILE: "/etc/shop/hosts.json" })).map((w) => w.id)).toContain(
      "mail-back-office-only",
    );
    const withSmtp = await announce({
      HOSTS_FILE: "/etc/shop/hosts.json",
      SMTP_URL: "smtp://mail.example.com:587",
    });
    expect(withSmtp.map((w) => w.id)).not.toContain("mail-back-office-only");
    // On the embedded default (*.localhost) the development mailbox is there instead.
    expect((await announce()).map((w) => w.id)).not.toContain("mail-back-office-only");
  });
});
