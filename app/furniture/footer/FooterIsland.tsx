/**
 * The footer as an island: the server renders it in full, the browser keeps that HTML
 * as it is and loads the footer's code (reviews carousel, collapsibles, newsletter) only
 * when the footer comes near the viewport, then hydrates it. Its styles load with the
 * page so the server's HTML is styled from the start.
 *
 * React drops a not yet hydrated island's HTML when anything above it changes before its
 * code is here (every navigation does): the footer would vanish and everything below
 * the fold jump. So the island keeps a copy of its server HTML, read before hydration,
 * shows that copy in the meantime and fetches its code at once.
 *
 * A shopper may reach the footer's newsletter form before its code: a form sent then
 * fetches the code at once and is held back and sent when it is here (footerReady.ts),
 * instead of reloading the page.
 */
import { Suspense, useEffect, useRef } from "react";
import { lazyWithReload } from "~/lib/navigation";
import { holdFooterForm, isFooterReady } from "./footerReady";
import "~/ui/carousel.css";
import "./footer.css";

/** How far below the viewport the footer starts loading. */
const LOAD_MARGIN = "600px";

let reveal: () => void = () => {};
const nearViewport =
  typeof document === "undefined"
    ? Promise.resolve()
    : new Promise<void>((resolve) => (reveal = resolve));

/** The footer's server HTML as the page arrived (empty on the server and off the web). */
const serverHtml =
  typeof document === "undefined"
    ? ""
    : (document.querySelector(".footer-island")?.innerHTML ?? "");

/** The server's footer, inert until its code is here; asking for it loads that code. */
function ServerFooter() {
  useEffect(() => reveal(), []);
  return <div className="footer-island__copy" dangerouslySetInnerHTML={{ __html: serverHtml }} />;
}

const SiteFooter = lazyWithReload<Record<string, never>>(() =>
  nearViewport.then(() => import("./SiteFooter")),
);

export function FooterIsland() {
  const box = useRef<HTMLDivElement>(null);
  // On the window, in the capture phase: React stops events inside a not yet hydrated
  // island before they reach the island's own element.
  useEffect(() => {
    const hold = (event: Event) => {
      const form = event.target;
      if (isFooterReady() || !(form instanceof HTMLFormElement) || !box.current?.contains(form))
        return;
      event.preventDefault();
      holdFooterForm(form);
      reveal();
    };
    window.addEventListener("submit", hold, true);
    return () => window.removeEventListener("submit", hold, true);
  }, []);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof IntersectionObserver === "undefined") {
      reveal();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          reveal();
        }
      },
      { rootMargin: `${LOAD_MARGIN} 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className="footer-island">
      <Suspense fallback={<ServerFooter />}>
        <SiteFooter />
      </Suspense>
    </div>
  );
}
