/** The mailbox (/_admin/mail): every mail of the outbox, newest first, by recipient. */
import { Link } from "react-router";
import type { Route } from "./+types/admin-mail";
import { STEADY_RECHECK_MS, useRecheckWhile } from "../ui/useRecheck";
import { CACHE_TIERS } from "../../config/cache";
import { CHANNELS } from "../../config/channels";
import { AdminFrame, formatTime } from "../admin/AdminFrame";
import { AdminList } from "../admin/AdminList";
import { adminServices, requireOperator } from "../admin/admin.server";

export function headers() {
  return { "Cache-Control": CACHE_TIERS.never };
}

export function meta() {
  return [{ title: "Mailbox | Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { me, admin } = await requireOperator(args, "mail.read");
  // Account mails waiting to leave (a moment after their answer) are listed too.
  await adminServices(args).services.customers.accounts.settled();
  const params = new URL(args.request.url).searchParams;
  const recipient = (params.get("to") ?? "").slice(0, 320);
  const before = Number(params.get("before")) || undefined;
  const mails = await admin.mailbox.search({ recipient, ...(before ? { before } : {}) });
  return {
    me,
    recipient,
    working: await admin.mailbox.mailsOnTheirWay(),
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
  const { me, recipient, mails, working } = loaderData;
  // While an order's mail is still being written, the list asks again.
  useRecheckWhile(working, STEADY_RECHECK_MS);
  const last = mails.at(-1);
  return (
    <AdminFrame me={me} title="Mailbox">
      <AdminList
        search={{ name: "to", label: "Recipient", value: recipient }}
        caption="Mails, newest first"
        rows={mails}
        empty="No mails."
        columns={[
          {
            title: "Subject",
            cell: (m) => <Link to={`/_admin/mail/${m.id}`}>{m.subject}</Link>,
          },
          { title: "To", cell: (m) => m.recipient },
          { title: "Brand", cell: (m) => m.brand },
          { title: "Kind", cell: (m) => m.kind },
          { title: "Written", cell: (m) => formatTime(m.createdAt) },
          { title: "Delivered", cell: (m) => (m.sent ? "by SMTP" : "outbox only") },
        ]}
      />
      {last && mails.length >= 50 ? (
        <p>
          <Link to={`?to=${encodeURIComponent(recipient)}&before=${last.id}`}>Older mails</Link>
        </p>
      ) : null}
    </AdminFrame>
  );
}
