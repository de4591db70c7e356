/**
 * The price of a photo book design as its product page gives it for the design's own
 * options and page count (the product details' price, the one the cart charges): the
 * studio's price line and the book panel show it, so adding pages shows what they cost.
 * Null while asked (or for another family), "failed" when the shop gave no price.
 */
import { useEffect, useState } from "react";
import type { DesignDocument } from "../../domain/studio/document";

const DETAILS_PATH = "/web-api/product-details";

export type DesignPrice = string | null | "failed";

export function useBookPrice(doc: DesignDocument | null, locale: string): DesignPrice {
  const product = doc?.product.family === "photobook" ? doc.product : null;
  // The answer for the question it answers: a newer question shows no price until answered.
  const [answer, setAnswer] = useState<{ query: string; price: string | "failed" } | null>(null);
  const query = product
    ? new URLSearchParams({
        kind: "photobook",
        photobookType: product.options.photobookType ?? "",
        cover: product.options.cover ?? "",
        paper: product.options.paper ?? "",
        size: product.options.size ?? "",
        pages: String(product.pages ?? ""),
      }).toString()
    : null;
  useEffect(() => {
    if (query === null) return;
    const controller = new AbortController();
    fetch(`${DETAILS_PATH}?${query}`, {
      signal: controller.signal,
      headers: { "X-Locale": locale },
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const details = (await response.json()) as { price: { current: string } | null };
        setAnswer({ query, price: details.price?.current ?? "failed" });
      })
      .catch(() => {
        if (!controller.signal.aborted) setAnswer({ query, price: "failed" });
      });
    return () => controller.abort();
  }, [query, locale]);
  return query !== null && answer?.query === query ? answer.price : null;
}
