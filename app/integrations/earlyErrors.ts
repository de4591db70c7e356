/**
 * The page's errors while real-user monitoring's own code is still on its way. Once the
 * visitor's consent allows monitoring, its loaders and its code arrive as two later
 * downloads; an error the page raises meanwhile (often the one that matters: the page's
 * start going wrong) would find no listener and be lost. From the moment monitoring is
 * allowed, such errors are kept here and handed to it when it starts.
 */
let kept: Event[] | null = null;
let asked = false;

const keep = (event: Event) => {
  kept?.push(event);
};

/**
 * Starts keeping the page's errors and unhandled rejections. Once a document: monitoring,
 * once started, listens itself, and a later consent finds its code already here.
 */
export function keepEarlyErrors(): void {
  if (asked) return;
  asked = true;
  kept = [];
  window.addEventListener("error", keep);
  window.addEventListener("unhandledrejection", keep);
}

/** Stops keeping and returns what was kept, in order (nothing when nothing was being kept). */
export function takeEarlyErrors(): Event[] {
  window.removeEventListener("error", keep);
  window.removeEventListener("unhandledrejection", keep);
  const events = kept ?? [];
  kept = null;
  return events;
}
