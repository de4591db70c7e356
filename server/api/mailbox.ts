/**
 * The development mailbox: the newest mails of the outbox, readable in the browser, so
 * sign-up and password mails can be followed on a machine without a mail server. Off in
 * production unless MAILBOX_ENABLED is set; never cached, never indexed.
 */
import { Hono } from "hono";
import { CHANNELS } from "../../config/channels";
import type { ShopServices } from "../services";
import { problem } from "./problem";

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`;
}

export function mailboxRoutes(services: ShopServices): Hono {
  const routes = new Hono();
  const { customers } = services;
  if (!customers.mailboxEnabled) return routes;

  routes.get("/_mailbox", async (c) => {
    // Account mails leave a moment after their answer (so its time says nothing about the
    // address); whoever opens the mailbox right after signing up finds theirs all the same.
    await customers.accounts.settled();
    const mails = await customers.mailer.latest();
    const rows = mails
      .map(
        (m) =>
          `<li><a href="/_mailbox/${m.id}">${escapeHtml(m.subject)}</a> — ${escapeHtml(m.recipient)} (${escapeHtml(CHANNELS[m.channel].brandName)}, ${m.createdAt.toISOString()})</li>`,
      )
      .join("");
    c.header("Cache-Control", "no-store");
    return c.html(
      page("Mailbox", `<h1>Mailbox</h1>${rows ? `<ol>${rows}</ol>` : "<p>No mails yet.</p>"}`),
    );
  });

  routes.get("/_mailbox/:id{[0-9]{1,9}}", async (c) => {
    const mail = await customers.mailer.byId(Number(c.req.param("id")));
    if (!mail) return problem(c, 404, { code: "not_found", detail: "No such mail" });
    c.header("Cache-Control", "no-store");
    // The mail's HTML is the shop's own template, with every customer value escaped.
    return c.html(
      page(
        mail.subject,
        `<p><a href="/_mailbox">Mailbox</a></p><h1>${escapeHtml(mail.subject)}</h1><p>To: ${escapeHtml(mail.recipient)}</p>${mail.replyTo ? `<p>Reply-To: ${escapeHtml(mail.replyTo)}</p>` : ""}<article>${mail.html}</article>`,
      ),
    );
  });
  return routes;
}
