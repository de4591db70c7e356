/** A small coloured label on a teaser or product ("New", "-20 %"); colours were checked on the server. */
import type { Label } from "../types";

export function LabelBadge({ label }: { label: Label }) {
  return (
    <span
      className="label-badge"
      style={{ backgroundColor: label.backgroundColor, color: label.textColor }}
    >
      {label.text}
    </span>
  );
}
