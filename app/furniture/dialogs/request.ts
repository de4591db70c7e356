/**
 * The request layer of the log-in dialogs' shop calls (e-mail and Google log-in): X-Channel
 * and X-Locale on every call, an error for HTTP 400 to 599, and a timeout error with the
 * message 'The operation was aborted due to timeout.'.
 */
import { shopHeaders, type ShopCallContext } from "../../lib/shopHeaders";

export const TIMEOUT_MESSAGE = "The operation was aborted due to timeout.";
export const DEFAULT_TIMEOUT_MS = 10_000;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: unknown,
  ) {
    super(`${status} ${statusText}`.trim());
    this.name = "HttpError";
  }
}

export class TimeoutError extends Error {
  constructor() {
    super(TIMEOUT_MESSAGE);
    this.name = "TimeoutError";
  }
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  query?: Record<string, string | number | boolean | undefined | null>;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  timeoutMs?: number;
  credentials?: RequestCredentials;
  signal?: AbortSignal;
}

export type Fetcher = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get("content-type") ?? "";
  if (response.status === 204) return null;
  if (type.includes("json")) return response.json();
  return response.text();
}

/**
 * Calls a shop endpoint and returns its parsed body. `fetcher` is the global fetch in
 * the browser, and the in-process API on the server.
 */
export async function shopRequest<T>(
  fetcher: Fetcher,
  url: string,
  ctx: ShopCallContext,
  options: RequestOptions = {},
): Promise<T> {
  const target = new URL(url, "http://shop.internal");
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null) target.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = {
    Accept: "application/json",
    ...shopHeaders(ctx),
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded;charset=utf-8";
    body = new URLSearchParams(options.form).toString();
  }
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const isAbsolute = /^https?:\/\//.test(url);
  const finalUrl = isAbsolute ? target.toString() : `${target.pathname}${target.search}`;
  let response: Response;
  try {
    response = await fetcher(finalUrl, {
      method: options.method ?? (body ? "POST" : "GET"),
      headers,
      body,
      signal,
      credentials: options.credentials,
    });
  } catch (error) {
    if (timeout.aborted) throw new TimeoutError();
    throw error;
  }
  const parsed = await readBody(response).catch(() => null);
  if (response.status >= 400 && response.status <= 599) {
    throw new HttpError(response.status, response.statusText, parsed);
  }
  return parsed as T;
}
