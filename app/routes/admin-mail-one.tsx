/**
 * One mail as it was sent (/_admin/mail/:id): header fields, the HTML part (the page's
 * content policy lets no script of it run), the text part, and resending it.
 */
import { data, Form, Link, useActionData } from "react-router";
import type { Route } from "./+types/admin-mail-one";
import { CACHE_TIERS } from "../../config/cache";
import { AdminFrame, Csrf, formatTime } from "../admin/AdminFrame";
import { requireOperator, requireOperatorForm } from "../admin/admin.server";

export function headers() {
  return { "Cache-Control": CACHE_TIERS.never };
}

export function meta() {
  return [{ title: "Mail | Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

function mailId(id: string | undefined): number {
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0 || n > 2 ** 31) throw data("No such mail", { status: 404 });
  return n;
}

export async function loader(args: Route.LoaderArgs) {
  const { me, admin } = await requireOperator(args, "mail.read");
  const mail = await admin.mailbox.byId(mailId(args.params.id));
  if (!mail) throw data("No such mail", { status: 404 });
  return {
    me,
    mail: {
      id: mail.id,
      subject: mail.subject,
      recipient: mail.recipient,
      replyTo: mail.replyTo ?? null,
      kind: mail.kind,
      createdAt: mail.createdAt.toISOString(),
      sentAt: mail.sentAt?.toISOString() ?? null,
      html: mail.html,
      text: mail.text,
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const { admin, actor } = await requireOperatorForm(args, "mail.resend");
  const sent = await admin.mailbox.resend(actor, mailId(args.params.id));
  if (!sent) throw data("No such mail", { status: 404 });
  return { resent: true };
}

export default function AdminMailOne({ loaderData }: Route.ComponentProps) {
  const { me, mail } = loaderData;
  const result = useActionData<typeof action>();
  return (
    <AdminFrame me={me} title={mail.subject}>
      <p>
        <Link to="/_admin/mail">All mails</Link>
      </p>
      <dl>
        <dt>To</dt>
        <dd>{mail.recipient}</dd>
        {mail.replyTo ? (
          <>
            <dt>Reply-To</dt>
            <dd>{mail.replyTo}</dd>
          </>
        ) : null}
        <dt>Kind</dt>
        <dd>{mail.kind}</dd>
        <dt>Written</dt>
        <dd>{formatTime(mail.createdAt)}</dd>
        <dt>Delivered</dt>
        <dd>{mail.sentAt ? formatTime(mail.sentAt) : "not by SMTP (outbox only)"}</dd>
      </dl>
      {me.permissions.includes("mail.resend") ? (
        <Form method="post" className="admin__actions">
          <Csrf me={me} />
          <button className="admin__button" type="submit">
            Send again
          </button>
          {result?.resent ? (
            <p className="admin__notice" role="status">
              Sent again: the copy is the newest mail of the mailbox.
            </p>
          ) : null}
        </Form>
      ) : null}
      <h2>As sent</h2>
      {/* The shop's own template, every customer value escaped when the mail was written. */}
      <article
        className="admin__mail"
        aria-label={`Mail: ${mail.subject}`}
        dangerouslySetInnerHTML={{ __html: mail.html }}
      />
      <h2>Text part</h2>
      <pre className="admin__mail">{mail.text}</pre>
    </AdminFrame>
  );
}
