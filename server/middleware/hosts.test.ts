import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createHostTable } from "../../config/hosts";
import { knownHostsOnly } from "./hosts";
import { siteOf } from "./site";

const app = new Hono();
app.use(
  siteOf(
    createHostTable([
      { host: "www.cardelia.example", channel: "cards", country: "DE", canonical: true },
    ]),
  ),
);
app.use(knownHostsOnly());
app.get("*", (c) => c.text("page"));

const get = (host: string, path = "/", rawHeaders = ["Host", host]) =>
  app.request(`http://${host}${path}`, { headers: { host } }, { incoming: { rawHeaders } });

describe("the hosts the shop answers", () => {
  it("serves the hosts of the table, local and configured", async () => {
    expect((await get("www.cardelia.example")).status).toBe(200);
    expect((await get("ch.wallart.localhost:3000")).status).toBe(200);
  });

  it("refuses any other host with 421", async () => {
    const response = await get("attacker.example");
    expect(response.status).toBe(421);
    expect((await response.json()).error).toBe("misdirected_request");
  });

  it("answers health checks whatever the host", async () => {
    expect((await get("10.0.0.7:3000", "/health")).status).toBe(200);
  });

  it("refuses a request with two Host headers", async () => {
    const twice = await get("www.cardelia.example", "/", [
      "Host",
      "www.cardelia.example",
      "Host",
      "attacker.example",
    ]);
    expect(twice.status).toBe(400);
  });
});
