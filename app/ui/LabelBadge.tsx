/**
 * A small coloured label ("New", "-20 %") on a teaser, tile or navigation entry; colours
 * were checked on the server. Navigation shows it smaller, beside the entry's text.
 */
import type { Label } from "./types";
import "./labelBadge.css";

export function LabelBadge({ label, variant }: { label: Label; variant?: "nav" }) {
  return (
    <span
      className={variant === "nav" ? "nav-label" : "label-badge"}
      style={{ backgroundColor: label.backgroundColor, color: label.textColor }}
    >
      {label.text}
    </span>
  );
}
