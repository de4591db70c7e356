import { useEffect, useRef, useState } from "react";
import { RESIZE_DEBOUNCE_MS } from "../../../domain/constants";
import { useT } from "~/i18n/i18n";
import type { SeoTextData } from "../types";

/**
 * The SEO text: collapsed, with the view-more control only when the text is
 * clipped; once expanded it stays expanded.
 */
export function SeoText({ data }: { data: SeoTextData }) {
  const t = useT();
  const body = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [clipped, setClipped] = useState(false);
  useEffect(() => {
    const el = body.current;
    if (!el || expanded) return;
    const measure = () => setClipped(el.scrollHeight > el.clientHeight + 1);
    measure();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(measure, RESIZE_DEBOUNCE_MS);
    });
    observer.observe(el);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [expanded, data.html]);
  return (
    <section
      className="seo-text"
      aria-labelledby={data.headline ? "seo-text-title" : undefined}
      aria-label={data.headline ? undefined : t("furniture.seoText")}
    >
      {data.headline ? <h2 id="seo-text-title">{data.headline}</h2> : null}
      <div
        id="seo-text-body"
        ref={body}
        className="seo-text__body"
        data-expanded={expanded || undefined}
        dangerouslySetInnerHTML={{ __html: data.html }}
      />
      {clipped && !expanded ? (
        <button
          type="button"
          className="seo-text__more"
          aria-expanded="false"
          aria-controls="seo-text-body"
          onClick={() => setExpanded(true)}
        >
          {t("furniture.viewMore")}
        </button>
      ) : null}
    </section>
  );
}
