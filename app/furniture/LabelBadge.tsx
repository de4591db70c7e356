import type { Label } from "./types";

/** A coloured label on a navigation entry or tile. */
export function LabelBadge({ label }: { label: Label }) {
  return (
    <span
      className="nav-label"
      style={{ background: label.backgroundColor, color: label.textColor }}
    >
      {label.text}
    </span>
  );
}
