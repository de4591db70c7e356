/**
 * What the server hands every React Router request: the site the host serves, the
 * CSP nonce, and the services (shape in server/storefront.ts). Read in loaders and
 * middleware with `context.get(shopContext)`; never reaches the browser.
 */
import { createContext } from "react-router";
import type { ShopRequestContext } from "../server/storefront";

export type { ShopRequestContext };

export const shopContext = createContext<ShopRequestContext>();

/**
 * Set by a loader when the page depends on who asks (e.g. a visitor's own flag
 * treatments): such a page is never kept by a shared cache.
 */
export const personalPageContext = createContext<boolean>(false);

/**
 * Set when a loader or action failed because the database is out of reach: the page is
 * then answered 503 (try again shortly) instead of 500.
 */
export const databaseUnreachableContext = createContext<boolean>(false);
