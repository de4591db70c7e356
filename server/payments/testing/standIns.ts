/**
 * Local stand-ins of Stripe's and Mollie's HTTP APIs for the provider contract tests: the
 * few calls the shop makes (a held payment's capture among them), answered from memory the
 * way the real services answer them, on a port of this machine. No network.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type RequestListener, type Server } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

export interface StandIn {
  url: string;
  /** The shopper paid on the hosted page. */
  pay(id: string): void;
  /** The shopper's payment is held (authorised), for the shop to capture later. */
  authorise(id: string): void;
  /** The captures the service made, in order: payment, amount and the shop's idempotency key. */
  captures: { id: string; amountMinor: number; key: string | undefined }[];
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** A throwaway self-signed certificate for 127.0.0.1 (openssl), for a stand-in that must speak HTTPS. */
function selfSigned(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "stand-in-tls-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    return {
      key: readFileSync(path.join(dir, "key.pem")),
      cert: readFileSync(path.join(dir, "cert.pem")),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function listen(
  handle: (req: IncomingMessage, body: string) => { status: number; json: unknown },
  tls = false,
): Promise<{ server: Server; url: string }> {
  const listener: RequestListener = (req, res) => {
    void bodyOf(req).then((body) => {
      const answer = handle(req, body);
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(JSON.stringify(answer.json));
    });
  };
  const server = tls ? createTlsServer(selfSigned(), listener) : createServer(listener);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `${tls ? "https" : "http"}://127.0.0.1:${port}` });
    }),
  );
}

const closing = (server: Server) => () =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

interface StripeSession {
  id: string;
  amount: number;
  currency: string;
  paid: boolean;
  /** Held for a later capture (a payment intent that requires capture). */
  authorised: boolean;
  expired: boolean;
  refunded: number;
  intent: string;
}

/** Stripe: checkout sessions, their payment intents and refunds. */
export async function stripeStandIn(): Promise<StandIn> {
  const sessions = new Map<string, StripeSession>();
  const byKey = new Map<string, string>();
  const captures: StandIn["captures"] = [];
  const captureAnswers = new Map<string, { status: number; json: unknown }>();
  let n = 0;
  const error = (status: number, message: string) => ({
    status,
    json: { error: { type: "invalid_request_error", message } },
  });
  const view = (s: StripeSession, expand: boolean) => ({
    id: s.id,
    object: "checkout.session",
    url: `https://checkout.stand-in.test/pay/${s.id}`,
    amount_total: s.amount,
    currency: s.currency,
    status: s.expired ? "expired" : s.paid ? "complete" : "open",
    payment_status: s.paid ? "paid" : "unpaid",
    payment_intent: expand
      ? {
          id: s.intent,
          object: "payment_intent",
          status: s.paid
            ? "succeeded"
            : s.expired
              ? "canceled"
              : s.authorised
                ? "requires_capture"
                : "requires_payment_method",
          latest_charge: s.paid
            ? { id: `ch_${s.id}`, object: "charge", amount_refunded: s.refunded }
            : null,
        }
      : s.intent,
  });
  const { server, url } = await listen((req, body) => {
    const path = new URL(req.url ?? "/", "http://x");
    const form = new URLSearchParams(body);
    const key = req.headers["idempotency-key"] as string | undefined;
    if (req.method === "POST" && path.pathname === "/v1/checkout/sessions") {
      const known = key ? byKey.get(key) : undefined;
      if (known) return { status: 200, json: view(sessions.get(known)!, false) };
      const id = `cs_test_${++n}`;
      const session: StripeSession = {
        id,
        amount: Number(form.get("line_items[0][price_data][unit_amount]")),
        currency: form.get("line_items[0][price_data][currency]") ?? "eur",
        paid: false,
        authorised: false,
        expired: false,
        refunded: 0,
        intent: `pi_${n}`,
      };
      sessions.set(id, session);
      if (key) byKey.set(key, id);
      return { status: 200, json: view(session, false) };
    }
    const m = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path.pathname);
    if (m) {
      const session = sessions.get(m[1]!);
      if (!session) return error(404, `No such checkout.session: '${m[1]}'`);
      if (m[2]) {
        if (session.paid) return error(400, "Only open sessions can be expired");
        session.expired = true;
      }
      const expand = [...path.searchParams.values()].some((v) => v.startsWith("payment_intent"));
      return { status: 200, json: view(session, expand) };
    }
    const capture = /^\/v1\/payment_intents\/([^/]+)\/capture$/.exec(path.pathname);
    if (req.method === "POST" && capture) {
      // A key seen before replays its first answer, as Stripe does.
      const replay = key ? captureAnswers.get(key) : undefined;
      if (replay) return replay;
      const session = [...sessions.values()].find((s) => s.intent === capture[1]);
      if (!session) return error(404, `No such payment_intent: '${capture[1]}'`);
      if (!session.authorised || session.paid)
        return error(400, "This PaymentIntent could not be captured (it requires no capture)");
      const amount = Number(form.get("amount_to_capture") ?? session.amount);
      session.paid = true;
      captures.push({ id: session.id, amountMinor: amount, key });
      const answer = {
        status: 200,
        json: { id: session.intent, object: "payment_intent", status: "succeeded" },
      };
      if (key) captureAnswers.set(key, answer);
      return answer;
    }
    if (req.method === "POST" && path.pathname === "/v1/refunds") {
      const session = [...sessions.values()].find((s) => s.intent === form.get("payment_intent"));
      const amount = Number(form.get("amount"));
      if (!session?.paid) return error(400, "This PaymentIntent has no charge to refund");
      if (session.refunded + amount > session.amount)
        return error(400, "Refund amount is greater than the unrefunded amount");
      session.refunded += amount;
      return {
        status: 200,
        json: { id: `re_${++n}`, object: "refund", amount, status: "succeeded" },
      };
    }
    return error(404, `Unrecognized request URL (${req.method}: ${path.pathname})`);
  });
  return {
    url,
    pay(id) {
      sessions.get(id)!.paid = true;
    },
    authorise(id) {
      sessions.get(id)!.authorised = true;
    },
    captures,
    close: closing(server),
  };
}

interface MolliePayment {
  id: string;
  status: string;
  currency: string;
  value: string;
  refunded: number;
  description: string;
}

/**
 * Mollie: payments, their cancellation and refunds (API v2, HAL+JSON). Mollie's client speaks
 * HTTPS only and trusts its own bundled CA list, so the stand-in serves HTTPS with a
 * self-signed certificate and the test process that uses it must not verify certificates.
 */
export async function mollieStandIn(): Promise<StandIn> {
  const payments = new Map<string, MolliePayment>();
  const byKey = new Map<string, string>();
  const captures: StandIn["captures"] = [];
  const captureAnswers = new Map<string, { status: number; json: unknown }>();
  let n = 0;
  const problem = (status: number, detail: string) => ({
    status,
    json: { status, title: status === 404 ? "Not Found" : "Unprocessable Entity", detail },
  });
  const view = (p: MolliePayment) => ({
    resource: "payment",
    id: p.id,
    mode: "test",
    status: p.status,
    amount: { currency: p.currency, value: p.value },
    ...(p.refunded > 0
      ? { amountRefunded: { currency: p.currency, value: (p.refunded / 100).toFixed(2) } }
      : {}),
    description: p.description,
    createdAt: "2026-01-01T00:00:00+00:00",
    _links: {
      self: { href: `https://api.mollie.com/v2/payments/${p.id}`, type: "application/hal+json" },
      ...(p.status === "open"
        ? { checkout: { href: `https://www.mollie.com/checkout/${p.id}`, type: "text/html" } }
        : {}),
    },
  });
  const { server, url } = await listen((req, body) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const key = req.headers["idempotency-key"] as string | undefined;
    if (req.method === "POST" && path === "/v2/payments") {
      const known = key ? byKey.get(key) : undefined;
      if (known) return { status: 201, json: view(payments.get(known)!) };
      const input = JSON.parse(body) as {
        amount: { currency: string; value: string };
        description: string;
      };
      const id = `tr_standin${++n}`;
      const p = {
        id,
        status: "open",
        ...input.amount,
        refunded: 0,
        description: input.description,
      };
      payments.set(id, p);
      if (key) byKey.set(key, id);
      return { status: 201, json: view(p) };
    }
    const capture = /^\/v2\/payments\/([^/]+)\/captures$/.exec(path);
    if (req.method === "POST" && capture) {
      // A key seen before replays its first answer, as Mollie does.
      const replay = key ? captureAnswers.get(key) : undefined;
      if (replay) return replay;
      const held = payments.get(capture[1]!);
      if (!held) return problem(404, `No payment exists with token ${capture[1]}.`);
      if (held.status !== "authorized")
        return problem(422, "The payment cannot be captured (it is not authorized)");
      const input = JSON.parse(body || "{}") as { amount?: { value: string } };
      const value = input.amount?.value ?? held.value;
      held.status = "paid";
      captures.push({ id: held.id, amountMinor: Math.round(Number(value) * 100), key });
      const answer = {
        status: 201,
        json: {
          resource: "capture",
          id: `cpt_standin${++n}`,
          mode: "test",
          amount: { currency: held.currency, value },
          paymentId: held.id,
          createdAt: "2026-01-01T00:00:00+00:00",
          _links: {},
        },
      };
      if (key) captureAnswers.set(key, answer);
      return answer;
    }
    const m = /^\/v2\/payments\/([^/]+)(\/refunds)?$/.exec(path);
    const p = m ? payments.get(m[1]!) : undefined;
    if (m && !p) return problem(404, `No payment exists with token ${m[1]}.`);
    if (p && !m![2] && req.method === "GET") return { status: 200, json: view(p) };
    if (p && !m![2] && req.method === "DELETE") {
      if (p.status !== "open") return problem(422, "The payment cannot be canceled");
      p.status = "canceled";
      return { status: 200, json: view(p) };
    }
    if (p && m![2] && req.method === "POST") {
      const input = JSON.parse(body) as { amount: { value: string } };
      const amount = Math.round(Number(input.amount.value) * 100);
      const total = Math.round(Number(p.value) * 100);
      if (p.status !== "paid" || p.refunded + amount > total)
        return problem(422, "The amount is higher than the amount that can be refunded");
      p.refunded += amount;
      return {
        status: 201,
        json: {
          resource: "refund",
          id: `re_standin${++n}`,
          amount: { currency: p.currency, value: input.amount.value },
          status: "pending",
          paymentId: p.id,
          createdAt: "2026-01-01T00:00:00+00:00",
          _links: {},
        },
      };
    }
    return problem(404, `No route ${req.method} ${path}`);
  }, true);
  return {
    url: `${url}/v2/`,
    pay(id) {
      payments.get(id)!.status = "paid";
    },
    authorise(id) {
      payments.get(id)!.status = "authorized";
    },
    captures,
    close: closing(server),
  };
}
