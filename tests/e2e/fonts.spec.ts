/**
 * The brand fonts in the browser: each shop sets its text in its own self-hosted font,
 * announced in the page's Link header so it arrives with the page, and a stand-in with the
 * font's measures is declared for the moment before it does.
 */
import { expect, test, url } from "./fixtures";

for (const brand of [
  { host: "localhost", font: "Lora", fallback: "Lora Fallback" },
  { host: "wallart", font: "Inter", fallback: "Inter Fallback" },
]) {
  test(`the ${brand.font} shop sets its text in its own preloaded font`, async ({ page, shop }) => {
    // The page's own answer, from the one visit below.
    const answered = page.waitForResponse(url(brand.host, "/"));
    await shop.visit(url(brand.host, "/"));
    const link = (await answered).headers()["link"] ?? "";
    expect(link).toMatch(
      new RegExp(
        `</assets/${brand.font.toLowerCase()}-latin-400-normal-[\\w-]+\\.woff2>; rel=preload; as=font`,
      ),
    );
    const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(family).toMatch(new RegExp(`^"?${brand.font}"?, "${brand.fallback}",`));
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate((f) => document.fonts.check(`16px "${f}"`), brand.font)).toBe(true);
    // The stand-in is declared with the web font's measures.
    const css = await page.locator("head style").first().textContent();
    expect(css).toContain(`font-family:"${brand.fallback}"`);
    expect(css).toMatch(/size-adjust:\d+(\.\d+)?%;ascent-override:\d+(\.\d+)?%/);
  });
}
