import { describe, expect, it, vi } from "vitest";
import { HttpError, shopRequest, TIMEOUT_MESSAGE, TimeoutError, type Fetcher } from "./request";
import { shopHeaders } from "../../lib/shopHeaders";

const ctx = { channel: "cards", country: "CH", locale: "fr-CH" } as const;

function respond(status: number, body: unknown, statusText = ""): Fetcher {
  return vi.fn(
    async () =>
      new Response(body === null ? null : JSON.stringify(body), {
        status,
        statusText,
        headers: { "content-type": "application/json" },
      }),
  );
}

describe("shop request layer", () => {
  it("sends X-Channel (channel plus country code) and X-Locale on every call", async () => {
    const fetcher = respond(200, { ok: true });
    await shopRequest(fetcher, "/web-api/themes", ctx, { query: { page: 2, empty: undefined } });
    const [url, init] = vi.mocked(fetcher).mock.calls[0]!;
    expect(url).toBe("/web-api/themes?page=2");
    expect(init?.headers).toMatchObject({ "X-Channel": "cards-CH", "X-Locale": "fr-CH" });
    expect(shopHeaders({ channel: "wallart", country: "DE", locale: "de-DE" })).toEqual({
      "X-Channel": "wallart-DE",
      "X-Locale": "de-DE",
    });
  });

  it("returns the parsed JSON body of a 2xx answer", async () => {
    await expect(shopRequest(respond(200, { count: 3 }), "/x", ctx)).resolves.toEqual({ count: 3 });
  });

  it.each([400, 404, 429, 500, 503, 599])("raises an HttpError for HTTP %i", async (status) => {
    const error = await shopRequest(
      respond(status, { message: { text: "nope" } }, "Bad"),
      "/x",
      ctx,
    ).then(
      () => {
        throw new Error("expected a failure");
      },
      (e: unknown) => e as HttpError,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(status);
    expect(error.body).toEqual({ message: { text: "nope" } });
  });

  it("raises 'The operation was aborted due to timeout.' when the call takes too long", async () => {
    const slow: Fetcher = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      });
    const error = await shopRequest(slow, "/x", ctx, { timeoutMs: 20 }).then(
      () => {
        throw new Error("expected a failure");
      },
      (e: unknown) => e as HttpError,
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toBe(TIMEOUT_MESSAGE);
    expect(TIMEOUT_MESSAGE).toBe("The operation was aborted due to timeout.");
  });

  it("posts JSON and native utf-8 forms", async () => {
    const fetcher = respond(204, null);
    await shopRequest(fetcher, "/customer-login", ctx, { json: { email: "a@b.ch" } });
    await shopRequest(fetcher, "/newsletter-subscribe", ctx, { form: { email: "zoë@b.ch" } });
    const [, jsonInit] = vi.mocked(fetcher).mock.calls[0]!;
    const [, formInit] = vi.mocked(fetcher).mock.calls[1]!;
    expect(jsonInit?.method).toBe("POST");
    expect(jsonInit?.body).toBe('{"email":"a@b.ch"}');
    expect(formInit?.headers).toMatchObject({
      "Content-Type": "application/x-www-form-urlencoded;charset=utf-8",
    });
    expect(formInit?.body).toBe("email=zo%C3%AB%40b.ch");
  });

  it("passes other network errors through unchanged", async () => {
    const failing: Fetcher = async () => {
      throw new TypeError("fetch failed");
    };
    await expect(shopRequest(failing, "/x", ctx)).rejects.toThrow("fetch failed");
  });
});
