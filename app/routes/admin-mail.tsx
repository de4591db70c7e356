/** The mailbox (/_admin/mail): every mail of the outbox, newest first, by recipient. */
import { Form, Link } from "react-router";
import type { Route } from "./+types/admin-mail";
import { CACHE_TIERS } from "../../config/cache";
import { CHANNELS } from "../../config/channels";
import { AdminFrame, Field, formatTime } from "../admin/AdminFrame";
import { requireOperator } from "../admin/admin.server";

export function headers() {
  return { "Cache-Control": CACHE_TIERS.never };
}

export function meta() {
  return [{ title: "Mailbox | Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { me, admin } = await requireOperator(args, "mail.read");
  const params = new URL(args.request.url).searchParams;
  const recipient = (params.get("to") ?? "").slice(0, 320);
  const before = Number(params.get("before")) || undefined;
  const mails = await admin.mailbox.search({ recipient, ...(before ? { before } : {}) });
  return {
    me,
    recipient,
    mails: mails.map((m) => ({
      id: m.id,
      subject: m.subject,
      recipient: m.recipient,
      brand: CHANNELS[m.channel]?.brandName ?? m.channel,
      kind: m.kind,
      createdAt: m.createdAt.toISOString(),
      sent: m.sentAt !== null,
    })),
  };
}

export default function AdminMail({ loaderData }: Route.ComponentProps) {
  const { me, recipient, mails } = loaderData;
  const last = mails.at(-1);
  return (
    <AdminFrame me={me} title="Mailbox">
      <Form method="get" className="admin__search" role="search">
        <Field name="to" label="Recipient" type="search" defaultValue={recipient} />
        <button className="admin__button" type="submit">
          Search
        </button>
      </Form>
      <div className="admin__table-wrap">
        <table>
          <caption className="visually-hidden">Mails, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Subject</th>
              <th scope="col">To</th>
              <th scope="col">Brand</th>
              <th scope="col">Kind</th>
              <th scope="col">Written</th>
              <th scope="col">Delivered</th>
            </tr>
          </thead>
          <tbody>
            {mails.map((m) => (
              <tr key={m.id}>
                <td>
                  <Link to={`/_admin/mail/${m.id}`}>{m.subject}</Link>
                </td>
                <td>{m.recipient}</td>
                <td>{m.brand}</td>
                <td>{m.kind}</td>
                <td>{formatTime(m.createdAt)}</td>
                <td>{m.sent ? "by SMTP" : "outbox only"}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {mails.length === 0 ? <p>No mails.</p> : null}
      </div>
      {last && mails.length >= 50 ? (
        <p>
          <Link to={`?to=${encodeURIComponent(recipient)}&before=${last.id}`}>Older mails</Link>
        </p>
      ) : null}
    </AdminFrame>
  );
}
