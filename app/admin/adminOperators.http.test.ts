/**
 * The owner's form for a new operator (/_admin/operators) over HTTP, as a browser without
 * JavaScript posts it, on PGlite and PostgreSQL: an operator or a production operator gets
 * 403 on the page and on the form and nobody is created; a wrong form is refused with a
 * message at each wrong field (typed values kept, never the password); the owner creates a
 * production operator, who can sign in, and the audit log names the owner; a role change or
 * a disabled account ends the operator's sessions (the new role's rights apply at the next
 * log-in, a disabled operator cannot sign in) and is audited.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, operators } from "../../db/schema";
import { TEST_DATABASES } from "../../db/testing";
import { decodeHtml } from "../../server/testing/pageForms";
import {
  OPERATOR_PASSWORD,
  openAdminShop,
  type AdminShop,
  type SignedIn,
} from "./adminShop.testing";

const NEW_PASSWORD = "Laterne-Hafen-Kiesel-62";

/**
 * The message shown at a field of the page, checked to be the one its input or select is
 * described by (and marked invalid with); undefined when the field has none.
 */
function fieldError(html: string, name: string): string | undefined {
  const id = `field-${name}`;
  const message = new RegExp(`<p id="${id}-error"[^>]*>([^<]*)</p>`).exec(html)?.[1];
  if (message === undefined) return undefined;
  const control = new RegExp(`<(?:input|select)[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
  expect(control, `the ${name} field`).toContain('aria-invalid="true"');
  expect(control, `the ${name} field`).toMatch(
    new RegExp(`aria-describedby="[^"]*\\b${id}-error\\b`),
  );
  return message;
}

describe.each(TEST_DATABASES)("the new-operator form on %s", (kind) => {
  let t: AdminShop;
  const session: Partial<Record<"owner" | "desk" | "press", SignedIn>> = {};

  beforeAll(async () => {
    t = await openAdminShop(kind);
    session.owner = await t.signIn("owner", "owner");
    session.desk = await t.signIn("desk", "operator");
    session.press = await t.signIn("press", "production");
  }, 180_000);
  afterAll(() => t?.close());

  const create = (who: "owner" | "desk" | "press", fields: Record<string, string>) =>
    t.post("/_admin/operators", session[who]!, { intent: "create", ...fields });
  const operatorNamed = async (email: string) =>
    (await t.database.db.select().from(operators).where(eq(operators.email, email)))[0];

  it("gives an operator and a production operator 403 on the page and the form, and creates nobody", async () => {
    for (const who of ["desk", "press"] as const) {
      const page = await t.request("/_admin/operators", { cookie: session[who]!.cookie });
      expect(page.status).toBe(403);
      const posted = await create(who, {
        name: "Nina Neu",
        email: `nina.${who}@example.com`,
        role: "owner",
        password: NEW_PASSWORD,
      });
      expect(posted.status).toBe(403);
      expect(await operatorNamed(`nina.${who}@example.com`)).toBeUndefined();
    }
    // The owner's own session, without the form's CSRF token.
    const forged = await t.request("/_admin/operators", {
      method: "POST",
      cookie: session.owner!.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "create",
        name: "Nina Neu",
        email: "nina.forged@example.com",
        role: "owner",
        password: NEW_PASSWORD,
      }),
    });
    expect(forged.status).toBe(403);
    expect(await operatorNamed("nina.forged@example.com")).toBeUndefined();
  });

  it("refuses a wrong form with a message at each wrong field, keeping what was typed but the password", async () => {
    const wrong = await create("owner", {
      name: " ",
      email: "nina at example",
      role: "king",
      password: "short",
    });
    expect(wrong.status).toBe(400);
    const html = decodeHtml(await wrong.text());
    expect(fieldError(html, "name")).toBe("Enter a name");
    expect(fieldError(html, "email")).toBe("Enter a valid e-mail address");
    expect(fieldError(html, "role")).toBe("Choose a role");
    expect(fieldError(html, "password")).toBe("Use at least 10 characters");
    expect(html).toMatch(/<input[^>]*id="field-email"[^>]*value="nina at example"/);
    expect(html).not.toContain('value="short"');

    const weak = await create("owner", {
      name: "Nina Neu",
      email: "nina@example.com",
      role: "production",
      password: "aaaaaaaaaaaa",
    });
    expect(weak.status).toBe(400);
    const weakHtml = decodeHtml(await weak.text());
    expect(fieldError(weakHtml, "password")).toBe(
      "This password is too easy to guess: use a longer phrase",
    );
    expect(fieldError(weakHtml, "name")).toBeUndefined();
    expect(fieldError(weakHtml, "email")).toBeUndefined();

    const taken = await create("owner", {
      name: "Another Desk",
      email: "DESK@example.com",
      role: "operator",
      password: NEW_PASSWORD,
    });
    expect(taken.status).toBe(400);
    expect(fieldError(decodeHtml(await taken.text()), "email")).toBe(
      "An operator with this address exists",
    );
    expect(await operatorNamed("nina@example.com")).toBeUndefined();
  });

  it("creates the owner's new production operator, who can sign in, and writes who did it to the audit log", async () => {
    const made = await create("owner", {
      name: "Nina Neu",
      email: " Nina.Neu@Example.com ",
      role: "production",
      password: NEW_PASSWORD,
    });
    expect(made.status).toBe(200);
    expect(decodeHtml(await made.text())).toContain("nina.neu@example.com can sign in now");
    const nina = await operatorNamed("nina.neu@example.com");
    expect(nina).toMatchObject({ name: "Nina Neu", role: "production", disabledAt: null });
    expect(nina!.passwordHash).not.toContain(NEW_PASSWORD);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "operator.create"), eq(auditLog.target, `operator:${nina!.id}`)),
      );
    expect(entry).toMatchObject({
      operatorId: session.owner!.id,
      operatorEmail: "owner@example.com",
      details: { email: "nina.neu@example.com", role: "production" },
    });

    const login = await t.services.admin.operators.login({
      email: "nina.neu@example.com",
      password: NEW_PASSWORD,
      caller: "nina",
    });
    expect(login.ok).toBe(true);
  });
  it("lets the owner change a role and disable an operator: sessions end, the new role's rights apply, both audited", async () => {
    const update = (fields: Record<string, string>) =>
      t.post("/_admin/operators", session.owner!, { intent: "update", ...fields });
    const status = async (path: string, cookie: string) =>
      (await t.request(path, { cookie })).status;
    const press = session.press!;
    const desk = session.desk!;
    // Production prints orders and never edits content.
    expect(await status("/_admin/production", press.cookie)).toBe(200);
    expect(await status("/_admin/flags", press.cookie)).toBe(403);

    // The page's form sends the chosen role; the owner's own account is not changed here.
    const own = await update({ id: String(session.owner!.id), role: "production" });
    expect(own.status).toBe(400);
    expect((await operatorNamed("owner@example.com"))?.role).toBe("owner");
    const unknown = await update({ id: String(press.id), role: "king" });
    expect(unknown.status).toBe(400);
    expect((await operatorNamed("press@example.com"))?.role).toBe("production");

    const changed = await update({ id: String(press.id), role: "content_editor" });
    expect(changed.status).toBe(200);
    expect((await operatorNamed("press@example.com"))?.role).toBe("content_editor");
    // The session of the old role ends; signed in again, the new role's rights apply.
    const stale = await t.request("/_admin/production", { cookie: press.cookie });
    expect(stale.status).toBe(302);
    expect(stale.headers.get("location")).toMatch(/^\/_admin\/login/);
    const again = await t.services.admin.operators.login({
      email: "press@example.com",
      password: OPERATOR_PASSWORD,
      caller: "press-again",
    });
    if (!again.ok) throw new Error(again.problem);
    const editorCookie = `admin_session=${again.token}`;
    expect(await status("/_admin/flags", editorCookie)).toBe(200);
    expect(await status("/_admin/production", editorCookie)).toBe(403);

    // "Disable" as the page's form sends it: the row's role with it.
    expect(await status("/_admin", desk.cookie)).toBe(200);
    const disabled = await update({ id: String(desk.id), role: "operator", disabled: "true" });
    expect(disabled.status).toBe(200);
    expect(decodeHtml(await disabled.text())).toMatch(/desk(?:<!-- -->)? \(disabled\)/);
    expect((await operatorNamed("desk@example.com"))?.disabledAt).toBeInstanceOf(Date);
    const ended = await t.request("/_admin", { cookie: desk.cookie });
    expect(ended.status).toBe(302);
    expect(ended.headers.get("location")).toMatch(/^\/_admin\/login/);
    // A form of the ended session changes nothing.
    const after = await create("desk", {
      name: "Dora",
      email: "dora@example.com",
      role: "owner",
      password: NEW_PASSWORD,
    });
    expect(after.headers.get("location")).toMatch(/^\/_admin\/login/);
    expect(await operatorNamed("dora@example.com")).toBeUndefined();
    const refused = await t.services.admin.operators.login({
      email: "desk@example.com",
      password: OPERATOR_PASSWORD,
      caller: "desk-again",
    });
    expect(refused).toEqual({ ok: false, problem: "credentials" });

    const updates = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "operator.update"))
      .orderBy(auditLog.id);
    expect(updates.map((entry) => [entry.target, entry.operatorEmail, entry.details])).toEqual([
      [`operator:${press.id}`, "owner@example.com", { role: "content_editor" }],
      [`operator:${desk.id}`, "owner@example.com", { role: "operator", disabled: true }],
    ]);
  });
});
