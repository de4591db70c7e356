/**
 * Structured data for search engines as a JSON-LD script element. The JSON is escaped so
 * no value can close the element. Browsers do not run such data blocks, but it carries
 * the CSP nonce like every inline script of the document, so no policy report ever
 * names it.
 */
import { jsonLdText, type JsonLd as JsonLdData } from "../../domain/structuredData";
import { useNonce } from "../lib/nonce";

export function JsonLd({ data }: { data: JsonLdData }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // The browser hides a nonce from the DOM after parsing; hydration must not mind.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: jsonLdText(data) }}
    />
  );
}
