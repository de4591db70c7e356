/**
 * The per-response CSP nonce. The server provides it through NonceContext; in the
 * browser it is read back from the scripts the server rendered, so hydration matches.
 */
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

let clientNonce: string | undefined;

function readClientNonce(): string | undefined {
  if (clientNonce === undefined && typeof document !== "undefined") {
    clientNonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
  }
  return clientNonce || undefined;
}

export function useNonce(): string | undefined {
  return useContext(NonceContext) ?? readClientNonce();
}
