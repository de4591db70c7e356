/**
 * What the server hands every React Router request: the site the host serves, the
 * CSP nonce, and the services. Read in loaders and middleware with
 * `context.get(shopContext)`; never reaches the browser.
 */
import { createContext } from "react-router";
import type { ChannelId } from "../config/channels";
import type { Country } from "../domain/locales";
import type { ShopServices } from "../server/services";

export interface ShopRequestContext {
  site: { channel: ChannelId; country: Country };
  nonce: string;
  services: ShopServices;
  /** The network address the request came from (for throttling), or "unknown". */
  clientAddress: string;
}

export const shopContext = createContext<ShopRequestContext>();
