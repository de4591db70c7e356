// A customer of the built shop, signed up and confirmed through the development mailbox
// (the shop runs with MAILBOX_ENABLED=true): their session cookie, for the pages a
// customer sees (cart, account) in the mixed load and the session page profile.
import http from "node:http";
import { URLSearchParams } from "node:url";

/** A POST to the shop as sent (node:http: fetch would replace the Host header): status and headers. */
function post(shop, port, host, pathname, contentType, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: pathname,
        headers: {
          ...shop.headers(host),
          origin: `http://${host}:${port}`,
          "content-type": contentType,
          "content-length": Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode, headers: response.headers }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * Signs a new customer up in a brand's German shop (`channel`; `slash`: its paths end in
 * one) and confirms them: the `shop_session=…` cookie of their session.
 */
export async function customerSession(shop, port, { channel, slash }) {
  const host = `${channel}.localhost`;
  const email = `bench.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.de`;
  const password = "Bench-Lauf-Passwort-8";
  const signUp = await post(
    shop,
    port,
    host,
    "/web-api/customer-signup",
    "application/json",
    JSON.stringify({ email, password, firstName: "Bea", lastName: "Bench" }),
  );
  if (signUp.status !== 202) throw new Error(`sign-up answered ${signUp.status}`);
  for (let attempt = 0; attempt < 100; attempt++) {
    const list = (await shop.get(host, "/_mailbox")).body.toString();
    const id = list
      .split("<li>")
      .find((row) => row.includes(email))
      ?.match(/href="\/_mailbox\/(\d+)"/)?.[1];
    const mail = id ? (await shop.get(host, `/_mailbox/${id}`)).body.toString() : "";
    const token = /[?&]token=([\w-]+)/.exec(mail)?.[1];
    if (token) {
      const confirmed = await post(
        shop,
        port,
        host,
        `/konto/bestaetigen${slash ? "/" : ""}?token=${token}`,
        "application/x-www-form-urlencoded",
        new URLSearchParams({ token, password }).toString(),
      );
      const cookie = /shop_session=[^;]+/.exec(String(confirmed.headers["set-cookie"] ?? ""))?.[0];
      if (!cookie) throw new Error(`confirming the sign-up answered ${confirmed.status}`);
      return cookie;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-up mail to ${email}`);
}
