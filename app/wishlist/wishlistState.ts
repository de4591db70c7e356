/**
 * The wishlist as the browser knows it: the saved theme ids, read once per page load from
 * the wishlist API (never in the cached HTML) and again when the visitor becomes a
 * customer or leaves the account; the hearts read them, and a heart's change updates them
 * and the header's count.
 */
import { useEffect, useSyncExternalStore } from "react";
import { currentCustomer, setCustomer, useCustomer } from "../lib/customer";
import { shopHeaders, type ShopCallContext } from "../lib/shopHeaders";

export const WISHLIST_URL = "/web-api/wishlist";

interface State {
  /** Whose list was read: the customer's number, or "visitor"; null before the first read. */
  owner: string | null;
  saved: ReadonlySet<string>;
}

let state: State = { owner: null, saved: new Set() };
const listeners = new Set<() => void>();
const SERVER_STATE: State = { owner: null, saved: new Set() };

function update(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The header's count follows every answer of the wishlist API. */
function setCount(count: number) {
  const customer = currentCustomer();
  if (customer.wishlistThemes !== count) setCustomer({ ...customer, wishlistThemes: count });
}

let reading: string | null = null;

/** Reads the saved themes of `owner` unless they were read (or are being read) already. */
function readOnce(ctx: ShopCallContext, owner: string) {
  if (state.owner === owner || reading === owner) return;
  reading = owner;
  fetch(WISHLIST_URL, {
    credentials: "include",
    headers: { Accept: "application/json", ...shopHeaders(ctx) },
  })
    .then((response) => (response.ok ? response.json() : null))
    .then((body: { count?: number; themes?: { id: string }[] } | null) => {
      if (!body?.themes) return;
      update({ owner, saved: new Set(body.themes.map((theme) => theme.id)) });
      setCount(body.count ?? body.themes.length);
    })
    .catch(() => {})
    .finally(() => {
      if (reading === owner) reading = null;
    });
}

/**
 * Whether a theme is saved, and a way to change that. The list is read on the first
 * render in the browser; the server and the hydrating render see nothing saved.
 */
export function useWishlist(ctx: ShopCallContext | null) {
  const customer = useCustomer();
  const owner = customer.isLoggedIn ? (customer.number ?? "customer") : "visitor";
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => SERVER_STATE,
  );
  useEffect(() => {
    if (ctx) readOnce(ctx, owner);
  }, [ctx, owner]);
  return {
    saved: (themeId: string) => current.saved.has(themeId),
    /** Saves or removes a theme; false when the shop did not take the change. */
    async change(themeId: string, save: boolean): Promise<boolean> {
      if (!ctx) return false;
      const response = await fetch(`${WISHLIST_URL}/items/${encodeURIComponent(themeId)}`, {
        method: save ? "PUT" : "DELETE",
        credentials: "include",
        headers: { Accept: "application/json", ...shopHeaders(ctx) },
      }).catch(() => null);
      if (!response?.ok) return false;
      const body = (await response.json()) as { saved: boolean; count: number };
      const saved = new Set(state.saved);
      if (body.saved) saved.add(themeId);
      else saved.delete(themeId);
      update({ owner: state.owner ?? owner, saved });
      setCount(body.count);
      return true;
    },
  };
}
