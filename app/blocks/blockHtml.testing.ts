/**
 * Reading a seed page's product blocks from its HTML, as the HTTP tests of the seed pages
 * do: the page as a search engine's crawler gets it (the server's whole render, each lazy
 * block in place), the calculator's section and its designer link, and the value a radio
 * group has checked.
 */
import { expect } from "vitest";
import type { useTestShop } from "../../server/testing/shop";

type TestShop = ReturnType<typeof useTestShop>;

/** A request's headers as a crawler sends them: the server renders every block in place. */
export const AS_CRAWLER = { "User-Agent": "Googlebot/2.1" } as const;

/** The HTML of a page the shop answers with 200, as a crawler asks for it. */
export async function crawledPage(test: TestShop, target: string): Promise<string> {
  const response = await test.request(target, { headers: AS_CRAWLER });
  expect(response.status, target).toBe(200);
  return response.text();
}

/** The page's (first) calculator block, or "" when it has none. */
export function calculatorSection(html: string): string {
  const start = html.indexOf('class="calculator"');
  return start < 0 ? "" : html.slice(start, html.indexOf("</section>", start));
}

/** The calculator's designer link, its `&amp;` read as `&`. */
export function calculatorCta(html: string): string | undefined {
  return /class="button calculator__cta"[^>]*href="([^"]+)"|href="([^"]+)"[^>]*class="button calculator__cta"/
    .exec(html)
    ?.slice(1)
    .find(Boolean)
    ?.replaceAll("&amp;", "&");
}

/** The value of the checked radio button of a name. */
export function checkedValue(html: string, name: string): string | undefined {
  return [...html.matchAll(new RegExp(`<input[^>]*name="${name}"[^>]*>`, "g"))]
    .map((m) => m[0])
    .find((input) => input.includes("checked"))
    ?.match(/value="([^"]+)"/)?.[1];
}
