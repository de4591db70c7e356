// Content pages no one has read yet, each rendered while 10 requests for made-up slugs are
// in flight: the shop's reads of its own content must not queue behind the misses
// (target: under 200 ms each).

const TARGET_MS = 200;

/** Content pages of the cards sitemap (not theme or product pages) that `known` does not list. */
async function unreadPages(shop, known) {
  const sitemap = (await shop.get("cards.localhost", "/sitemap.xml")).body.toString();
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1]).pathname)
    .filter((p) => !/^\/(themes|products|d)\b/.test(p) && !known.includes(p))
    .slice(0, 5);
}

export async function missesSection(shop, known) {
  const rows = [];
  for (const [i, pathname] of (await unreadPages(shop, known)).entries()) {
    const misses = Array.from({ length: 10 }, (_, n) =>
      shop.get("cards.localhost", `/nie-da-${i}-${n}`),
    );
    const started = performance.now();
    const response = await shop.get("cards.localhost", pathname);
    const ms = performance.now() - started;
    rows.push([pathname, response.status, ms.toFixed(0), ms < TARGET_MS ? "yes" : "no"]);
    await Promise.all(misses);
  }
  return {
    title: "Unread pages under misses",
    text: [
      `Cards content pages no one has read yet, each rendered while 10 requests for unknown slugs are in flight (target: under ${TARGET_MS} ms each).`,
    ],
    headers: ["path", "status", "ms", `under ${TARGET_MS} ms`],
    rows,
  };
}
