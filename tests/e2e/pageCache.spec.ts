/**
 * A page from the page cache in the browser: the same bytes for every visitor, so its
 * policy allows the page's own inline scripts by their hashes, and nothing else.
 */
import { expect, test, url } from "./fixtures";

test("a page from the page cache runs its own scripts and blocks an injected inline script", async ({
  page,
  request,
  shop,
}) => {
  const target = url("localhost", "/fotos-drucken");
  // Someone else asked first: the page is kept.
  await request.get(target);
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
