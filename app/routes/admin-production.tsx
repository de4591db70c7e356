/**
 * Production (/_admin/production): the orders ready for production (paid, every print
 * file made), filtered by brand and product family; a batch of them as one ZIP of print files with
 * a manifest CSV, marked in production; and shipping from an uploaded CSV of order numbers
 * and tracking numbers, with a report of the rows that could not be matched.
 */
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/admin-production";
import { CACHE_TIERS } from "../../config/cache";
import { CHANNELS, type ChannelId } from "../../config/channels";
import { PRODUCT_FAMILIES } from "../../domain/productFamilies";
import { PRODUCT_LABELS, productLabel } from "../admin/productLabels";
import { AdminFrame, Csrf, formatTime, SelectField } from "../admin/AdminFrame";
import { fieldErrors, requireOperator, requireOperatorForm } from "../admin/admin.server";

export function headers() {
  return { "Cache-Control": CACHE_TIERS.never };
}

export function meta() {
  return [{ title: "Production | Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

const CARRIER_URLS: Record<string, { name: string; url: string }> = {
  dhl: {
    name: "DHL",
    url: "https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=",
  },
  dpd: { name: "DPD", url: "https://tracking.dpd.de/status/de_DE/parcel/" },
  ups: { name: "UPS", url: "https://www.ups.com/track?tracknum=" },
  post_ch: { name: "Swiss Post", url: "https://service.post.ch/ekp-web/ui/entry/search/" },
};

/** Largest shipment CSV taken (a day's parcels fit many times over). */
const MAX_CSV_BYTES = 512 * 1024;

export async function loader(args: Route.LoaderArgs) {
  const { me, admin } = await requireOperator(args, "orders.produce");
  const params = Object.fromEntries(new URL(args.request.url).searchParams);
  const values = { channel: params.channel ?? "", family: params.family ?? "" };
  const parsed = admin.production.schemas.productionFilterSchema.safeParse(params);
  if (!parsed.success) {
    return data(
      { me, values, family: null, errors: fieldErrors(parsed.error.issues), queue: [] },
      { status: 400 },
    );
  }
  const queue = await admin.production.queue(parsed.data);
  return {
    me,
    values,
    family: parsed.data.family ?? null,
    errors: {} as Record<string, string>,
    queue: queue.map((o) => ({
      ...o,
      brand: CHANNELS[o.channel as ChannelId]?.brandName ?? o.channel,
      products: o.families.map(productLabel).join(", "),
      readyAt: o.readyAt.toISOString(),
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { form, admin, services, actor } = await requireOperatorForm(args, "orders.produce");
  const intent = form.get("intent");
  const who = `operator:${actor.id}`;
  if (intent === "start") {
    const ids = form
      .getAll("order")
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31);
    if (ids.length === 0) return data({ error: "Choose at least one order." }, { status: 400 });
    const started: string[] = [];
    for (const id of ids) {
      const order = await admin.orders.byId(id);
      if (!order) continue;
      const result = await services.commerce.orders.startProduction(order.token, who);
      if (result.ok) started.push(order.number);
    }
    await admin.operators.audit(actor, "production.start", "production", { orders: started });
    return { started };
  }
  if (intent === "ship-csv") {
    const file = form.get("file");
    const carrier = CARRIER_URLS[String(form.get("carrier"))];
    if (!carrier) return data({ error: "Choose a carrier." }, { status: 400 });
    if (!(file instanceof File) || file.size === 0) {
      return data({ error: "Choose the CSV file of order and tracking numbers." }, { status: 400 });
    }
    if (file.size > MAX_CSV_BYTES)
      return data({ error: "The file is too large." }, { status: 400 });
    const { parseShipmentCsv } = admin.production.csv;
    const rows = parseShipmentCsv(await file.text());
    const shipped: string[] = [];
    const unmatched: { line: number; number: string; why: string }[] = [];
    for (const row of rows) {
      if (!row.tracking) {
        unmatched.push({ line: row.line, number: row.number, why: "no tracking number" });
        continue;
      }
      const order = await admin.orders.byNumber(row.number);
      if (!order) {
        unmatched.push({ line: row.line, number: row.number, why: "no such order" });
        continue;
      }
      const result = await services.commerce.orders.ship(
        order.token,
        who,
        `${carrier.url}${encodeURIComponent(row.tracking)}`,
      );
      if (result.ok) shipped.push(order.number);
      else
        unmatched.push({
          line: row.line,
          number: row.number,
          why: `not shippable (${order.state.replace("_", " ")})`,
        });
    }
    await admin.operators.audit(actor, "production.ship-csv", "production", {
      carrier: carrier.name,
      shipped,
      unmatched: unmatched.length,
    });
    return { shipped, unmatched };
  }
  throw data("Unknown action", { status: 400 });
}

export default function AdminProduction({ loaderData, actionData }: Route.ComponentProps) {
  const { me, queue, values, errors, family } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  const started = actionData && "started" in actionData ? actionData.started : undefined;
  const shipped = actionData && "shipped" in actionData ? actionData.shipped : undefined;
  const unmatched =
    (actionData && "unmatched" in actionData ? actionData.unmatched : undefined) ?? [];
  return (
    <AdminFrame me={me} title="Production">
      {error ? (
        <p className="admin__error" role="alert">
          {error}
        </p>
      ) : null}
      {started ? (
        <p className="admin__notice" role="status">
          {`In production now: ${started.join(", ") || "none"}.`}
        </p>
      ) : null}
      {shipped ? (
        <div className="admin__notice" role="status">
          <p>{`Shipped: ${shipped.join(", ") || "none"}.`}</p>
          {unmatched.length ? (
            <>
              <p>Rows not matched:</p>
              <ul aria-label="Rows not matched">
                {unmatched.map((u) => (
                  <li key={u.line}>{`Row ${u.line}: ${u.number || "(empty)"} — ${u.why}`}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>Every row matched.</p>
          )}
        </div>
      ) : null}
      <h2>Ready for production</h2>
      <Form
        method="get"
        className="admin__search"
        role="search"
        aria-label="Filter the orders ready for production"
      >
        <SelectField
          name="channel"
          label="Brand"
          value={values.channel}
          options={Object.entries(CHANNELS).map(([id, c]) => [id, c.brandName] as const)}
          error={errors.channel}
        />
        <SelectField
          name="family"
          label="Product family"
          value={values.family}
          options={PRODUCT_FAMILIES.map((f) => [f, PRODUCT_LABELS[f]] as const)}
          error={errors.family}
        />
        <button className="admin__button admin__button--quiet" type="submit">
          Show
        </button>
      </Form>
      <Form method="post" reloadDocument>
        <Csrf me={me} />
        {/* The batch holds the print files of the family shown, not the orders' other lines. */}
        {family ? <input type="hidden" name="family" value={family} /> : null}
        <div className="admin__table-wrap">
          <table>
            <caption className="visually-hidden">
              {family
                ? `Orders ready for production with ${PRODUCT_LABELS[family]}, by brand`
                : "Orders ready for production, by brand"}
            </caption>
            <thead>
              <tr>
                <th scope="col">Choose</th>
                <th scope="col">Order</th>
                <th scope="col">Brand</th>
                <th scope="col">Products</th>
                <th scope="col">Lines</th>
                <th scope="col">Country</th>
                <th scope="col">Ready since</th>
              </tr>
            </thead>
            <tbody>
              {queue.map((o) => (
                <tr key={o.id}>
                  <td>
                    <input
                      type="checkbox"
                      name="order"
                      value={o.id}
                      id={`order-${o.id}`}
                      aria-label={`Choose ${o.number}`}
                    />
                  </td>
                  <td>
                    <Link to={`/_admin/orders/${o.id}`}>{o.number}</Link>
                  </td>
                  <td>{o.brand}</td>
                  <td>{o.products}</td>
                  <td>{o.lines}</td>
                  <td>{o.country}</td>
                  <td>{formatTime(o.readyAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {queue.length === 0 ? <p>No order is waiting.</p> : null}
        </div>
        <div className="admin__actions">
          <button className="admin__button" type="submit" formAction="/_admin/production/batch">
            Download print files (ZIP)
          </button>
          <button
            className="admin__button admin__button--quiet"
            type="submit"
            name="intent"
            value="start"
          >
            Mark in production
          </button>
        </div>
      </Form>
      <h2>Shipped from a CSV</h2>
      <Form method="post" encType="multipart/form-data">
        <Csrf me={me} />
        <input type="hidden" name="intent" value="ship-csv" />
        <p>One row per parcel: order number, then tracking number (a header row is skipped).</p>
        <div className="admin-field">
          <label htmlFor="field-carrier">Carrier</label>
          <select id="field-carrier" name="carrier" defaultValue="dhl">
            {Object.entries(CARRIER_URLS).map(([id, c]) => (
              <option key={id} value={id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="field-file">CSV file</label>
          <input id="field-file" name="file" type="file" accept=".csv,text/csv" required />
        </div>
        <button className="admin__button" type="submit">
          Mark shipped
        </button>
      </Form>
    </AdminFrame>
  );
}
