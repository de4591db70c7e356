import type { Label } from "./types";

/** A coloured label on a navigation entry or tile (spec §3 'Label'). */
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
