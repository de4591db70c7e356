/**
 * JSON the browser loads once per URL (the navigation details, the messages), shared by
 * every component that asks: a failure is logged, gives the fallback and may be retried.
 */
import { logError } from "./log";

export interface JsonOnce<T> {
  load(url: string): Promise<T>;
  /** Forgets what was loaded (tests render one shop after another under the same URL). */
  forget(): void;
}

export function jsonOnce<T>(fallback: T): JsonOnce<T> {
  const requests = new Map<string, Promise<T>>();
  return {
    load(url) {
      let request = requests.get(url);
      if (!request) {
        request = fetch(url, { headers: { Accept: "application/json" } })
          .then((response) => {
            if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
            return response.json() as Promise<T>;
          })
          .catch((error: unknown) => {
            logError("request-error", error, { url });
            requests.delete(url);
            return fallback;
          });
        requests.set(url, request);
      }
      return request;
    },
    forget: () => requests.clear(),
  };
}
