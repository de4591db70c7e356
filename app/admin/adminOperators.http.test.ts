/**
 * The owner's form for a new operator (/_admin/operators) over HTTP, as a browser without
 * JavaScript posts it, on PGlite and PostgreSQL: an operator or a production operator gets
 * 403 on the page and on the form and nobody is created; a wrong form is refused with a
 * message at each wrong field (typed values kept, never the password); the owner creates a
 * production operator, who can sign in, and the audit log names the owner.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, operators } from "../../db/schema";
import { TEST_DATABASES } from "../../db/testing";
import { decodeHtml } from "../../server/testing/pageForms";
import { openAdminShop, type AdminShop, type SignedIn } from "./adminShop.testing";

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
});
