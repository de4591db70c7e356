import { useId, useState, type ReactNode } from "react";
import { FOOTER_COLLAPSE_MAX_WIDTH } from "../../domain/constants";
import { Icon } from "../ui/Icon";
import { useMediaQuery } from "./useMediaQuery";

/** The media query of narrow footers: below 720 px. */
export const NARROW_FOOTER_QUERY = `(max-width: ${FOOTER_COLLAPSE_MAX_WIDTH - 0.02}px)`;

/**
 * A footer section that collapses and expands on click only below 720 px;
 * wider, it is always open. The server renders the initial state, and CSS collapses it on
 * narrow screens, so nothing jumps at hydration.
 */
export function Collapsible({
  title,
  initiallyOpen,
  className,
  headingLevel = 2,
  children,
}: {
  title: ReactNode;
  initiallyOpen: boolean;
  className?: string;
  headingLevel?: 2 | 3;
  children: ReactNode;
}) {
  const narrow = useMediaQuery(NARROW_FOOTER_QUERY);
  const [open, setOpen] = useState(initiallyOpen);
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      className={["collapsible", className].filter(Boolean).join(" ")}
      data-open={open || undefined}
    >
      <Heading className="collapsible__title">
        {narrow ? (
          <button
            type="button"
            className="collapsible__toggle"
            aria-expanded={open}
            aria-controls={id}
            onClick={() => setOpen(!open)}
          >
            <span>{title}</span>
            <Icon name="chevron-right" size={18} />
          </button>
        ) : (
          title
        )}
      </Heading>
      <div className="collapsible__body" id={id}>
        {children}
      </div>
    </div>
  );
}
