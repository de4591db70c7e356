/**
 * Production in the back office over HTTP, on PGlite and PostgreSQL: the queue lists a
 * paid order whose print files are made, filtered by brand and product family (the batch
 * too); a production operator downloads a line's print file and the batch ZIP (the PDF and
 * a manifest CSV), marks the batch in production, and ships from an uploaded CSV, which
 * reports the rows it could not match.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLines, orders } from "../../db/schema";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createStudioStorage } from "../../server/studio/storage";
import type { ShopServices } from "../../server/services";
import { createTestServices } from "../../server/testing/services";
import { createTestShop, type TestShop } from "../../server/testing/shop";
import { testOrderValues } from "./adminShop.testing";

const PASSWORD = "Kompass-Nebel-Treppe-58";
const PDF = Buffer.from("%PDF-1.7\n% a print file\n%%EOF\n");

describe.each(TEST_DATABASES)("production in the back office on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let shop: TestShop;
  let dir: string;
  let cookie = "";
  let csrf = "";
  const ids: Record<string, number> = {};
  const lineIds: Record<string, number> = {};

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "shop-admin-studio-"));
    database = await openTestDatabase(kind);
    services = await createTestServices(database, { STUDIO_DIR: dir });
    shop = await createTestShop(services);
    const ops = services.admin.operators;
    const made = await ops.create(
      { id: null, email: "test" },
      { email: "press@example.com", name: "Press", role: "production", password: PASSWORD },
    );
    if (!made.ok) throw new Error(JSON.stringify(made.errors));
    const login = await ops.login({ email: "press@example.com", password: PASSWORD, caller: "t" });
    if (!login.ok) throw new Error(login.problem);
    cookie = `admin_session=${login.token}`;
    csrf = services.admin.csrfToken(login.token);
    await createStudioStorage(services.env).put("orders/ready-1-print.pdf", PDF, "application/pdf");
    for (const [number, state] of [
      ["C-2030-000101", "paid"],
      ["C-2030-000102", "in_production"],
    ] as const) {
      const [order] = await database.db
        .insert(orders)
        .values(testOrderValues(number, { state, productionReadyAt: new Date() }))
        .returning();
      ids[number] = order!.id;
      const [line] = await database.db
        .insert(orderLines)
        .values({
          orderId: order!.id,
          position: 1,
          product: "card",
          configuration: {},
          title: "Hochzeitskarte, 20 Stück",
          quantity: 1,
          lineTotalMinor: 4000,
          unitPriceMinor: 4000,
          vatRateBasisPoints: 1900,
          personalised: true,
          printFile: number.endsWith("101") ? "orders/ready-1-print.pdf" : null,
        })
        .returning();
      lineIds[number] = line!.id;
    }
  }, 180_000);
  afterAll(async () => {
    await shop?.stop();
    services?.cms?.close();
    await database?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const request = (target: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("host", "localhost");
    headers.set("cookie", cookie);
    return shop.app.request(`http://localhost${target}`, { ...init, headers, redirect: "manual" });
  };

  const form = (fields: [string, string][]) => ({
    method: "POST",
    body: new URLSearchParams([["csrf", csrf], ...fields]),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

  it("filters the queue and the batch by product family, and refuses a family the shop does not have", async () => {
    const cards = await (await request("/_admin/production?channel=cards&family=card")).text();
    expect(cards).toContain("C-2030-000101");
    const calendars = await request("/_admin/production?channel=&family=calendar");
    expect(calendars.status).toBe(200);
    const none = await calendars.text();
    expect(none).not.toContain("C-2030-000101");
    expect(none).toContain("No order is waiting.");
    const mugs = await request("/_admin/production?family=mug");
    expect(mugs.status).toBe(400);
    expect(await mugs.text()).toContain("Choose a product family");

    const id = String(ids["C-2030-000101"]);
    const calendarBatch = await request(
      "/_admin/production/batch",
      form([
        ["order", id],
        ["family", "calendar"],
      ]),
    );
    expect(calendarBatch.status).toBe(200);
    const files = unzipSync(new Uint8Array(await calendarBatch.arrayBuffer()));
    expect(Object.keys(files)).toEqual(["manifest.csv"]);
    expect(strFromU8(files["manifest.csv"]!)).toBe(
      "order,line,product,title,quantity,file,runs,copies\r\n",
    );
    const mugBatch = await request(
      "/_admin/production/batch",
      form([
        ["order", id],
        ["family", "mug"],
      ]),
    );
    expect(mugBatch.status).toBe(400);
  });

  it("lists the ready order and hands out its print file and the batch ZIP with a manifest", async () => {
    const page = await (await request("/_admin/production")).text();
    expect(page).toContain("C-2030-000101");
    expect(page).not.toContain("C-2030-000102");
    const id = ids["C-2030-000101"]!;
    const file = await request(`/_admin/orders/${id}/lines/${lineIds["C-2030-000101"]}/print`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    // Streamed from storage, its length said up front.
    expect(file.headers.get("content-length")).toBe(String(PDF.length));
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    const missing = await request(`/_admin/orders/${id}/lines/${lineIds["C-2030-000102"]}/print`);
    expect(missing.status).toBe(404);

    const body = new URLSearchParams({ csrf });
    body.append("order", String(id));
    body.append("order", String(ids["C-2030-000102"]));
    const zip = await request("/_admin/production/batch", {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(["C-2030-000101-1.pdf", "manifest.csv"]);
    expect(strFromU8(files["manifest.csv"]!)).toBe(
      "order,line,product,title,quantity,file,runs,copies\r\n" +
        '"C-2030-000101",1,card,"Hochzeitskarte, 20 Stück",1,C-2030-000101-1.pdf,1,\r\n'.replace(
          '"C-2030-000101"',
          "C-2030-000101",
        ) +
        'C-2030-000102,1,card,"Hochzeitskarte, 20 Stück",1,missing,1,\r\n',
    );

    const start = new URLSearchParams({ csrf, intent: "start", order: String(id) });
    const started = await request("/_admin/production", {
      method: "POST",
      body: start,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(started.status).toBe(200);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, id));
    expect(row!.state).toBe("in_production");
  });

  it("ships from a CSV and reports the rows it could not match", async () => {
    const form = new FormData();
    form.set("csrf", csrf);
    form.set("intent", "ship-csv");
    form.set("carrier", "dhl");
    form.set(
      "file",
      new File(
        [
          "order;tracking\nC-2030-000101;00340434161094042557\nC-2030-000102;\nC-2099-999999;123456\n",
        ],
        "shipped.csv",
        { type: "text/csv" },
      ),
    );
    const response = await request("/_admin/production", { method: "POST", body: form });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Shipped: C-2030-000101.");
    expect(html).toContain("Row 3: C-2030-000102 — no tracking number");
    expect(html).toContain("Row 4: C-2099-999999 — no such order");
    const [row] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.id, ids["C-2030-000101"]!));
    expect(row!.state).toBe("shipped");
    expect(row!.trackingUrl).toContain("00340434161094042557");
  });
});
