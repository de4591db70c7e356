/**
 * JSON the browser loads once per URL (the navigation details, the messages), shared by
 * every component that asks: a failure is logged, gives the fallback and may be retried.
 */
import { logError, type ErrorId } from "./log";

/** An answer that arrived but is no JSON object. */
class UnreadableJson extends Error {}

export interface JsonOnce<T> {
  load(url: string): Promise<T>;
  /** Forgets what was loaded (tests render one shop after another under the same URL). */
  forget(): void;
}

/**
 * `unreadable`: the identifier an answer that is no JSON object is logged under (the
 * messages name it `translator-parse-error`); a failed request is a `request-error`.
 */
export function jsonOnce<T>(fallback: T, options: { unreadable?: ErrorId } = {}): JsonOnce<T> {
  const requests = new Map<string, Promise<T>>();
  return {
    load(url) {
      let request = requests.get(url);
      if (!request) {
        request = fetch(url, { headers: { Accept: "application/json" } })
          .then((response) => {
            if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
            return response.text().then((text) => {
              let value: unknown;
              try {
                value = JSON.parse(text);
              } catch (error) {
                throw new UnreadableJson("not JSON", { cause: error });
              }
              if (typeof value !== "object" || value === null) {
                throw new UnreadableJson("not a JSON object");
              }
              return value as T;
            });
          })
          .catch((error: unknown) => {
            const id =
              error instanceof UnreadableJson
                ? (options.unreadable ?? "request-error")
                : "request-error";
            logError(id, error, { url });
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
