/**
 * Page scroll locking shared by the dialogs and the burger navigation: locked while any
 * holder holds it, with the scrollbar's width kept as padding so the page does not shift.
 */
const holders = new Set<string>();
let saved: { overflow: string; paddingRight: string } | null = null;

export function lockScroll(holder: string): void {
  if (typeof document === "undefined") return;
  holders.add(holder);
  if (saved) return;
  const root = document.documentElement;
  const gap = window.innerWidth - root.clientWidth;
  saved = { overflow: root.style.overflow, paddingRight: root.style.paddingRight };
  root.style.overflow = "hidden";
  if (gap > 0) root.style.paddingRight = `${gap}px`;
  root.dataset.scrollLocked = "true";
}

export function unlockScroll(holder: string): void {
  if (typeof document === "undefined") return;
  holders.delete(holder);
  if (holders.size > 0 || !saved) return;
  const root = document.documentElement;
  root.style.overflow = saved.overflow;
  root.style.paddingRight = saved.paddingRight;
  delete root.dataset.scrollLocked;
  saved = null;
}

export function isScrollLocked(): boolean {
  return holders.size > 0;
}
