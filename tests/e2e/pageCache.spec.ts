/**
 * A page from the page cache in the browser: the same bytes for every visitor, so its
 * policy allows the page's own inline scripts by their hashes, and nothing else.
 */
import { PORT, expect, test, url } from "./fixtures";

test("a page from the page cache runs its own scripts and blocks an injected inline script", async ({
  page,
  request,
  shop,
}) => {
  // A page of the wall-art shop: the other tests publish to the card shop's space, and a
  // publish there may drop the card shop's kept pages between the two requests.
  const target = url("wallart", "/wandbilder/");
  // Someone else asked first: the page is kept (the request goes to the server's address
  // with the shop's host, as a browser's would).
  const { host, pathname } = new URL(target);
  await request.get(`http://127.0.0.1:${PORT}${pathname}`, { headers: { Host: host } });
  const response = await page.goto(target);
  expect(response?.headers()["x-cache"]).toMatch(/^(HIT|STALE)$/);
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).not.toContain("nonce-");
  // The page's own inline scripts ran: React Router's context and its module start.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await shop.expectAccessible();

  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const ran = await page.evaluate(async () => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true;";
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  // The refused script is what this test is about, not an error of the page.
  shop.consoleErrors.length = 0;
});
