/**
 * The tag manager's data layer. Entries wait in the page's own array until the tag
 * manager loads (only with marketing consent) and reads them; nothing leaves the
 * browser before that.
 */
declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export function pushDataLayer(entry: Record<string, unknown>): void {
  (window.dataLayer ??= []).push(entry);
}
