/**
 * Rich text rendered and sanitised on the server (richtext.server.ts). Clicks on internal
 * links navigate inside the app instead of reloading the page.
 */
import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import type { PreparedRichText } from "../types";

export function RichText({ text, className }: { text: PreparedRichText; className?: string }) {
  const navigate = useNavigate();
  if (!text.html) return null;
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest("a");
    const href = anchor?.getAttribute("href");
    if (!anchor || !href || anchor.target || !href.startsWith("/") || href.startsWith("//")) return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    // The container only forwards clicks of the links inside it (Enter on a link is a click too).
    <div
      className={["rich-text", className].filter(Boolean).join(" ")}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: text.html }}
    />
  );
}
