/**
 * Operators (/_admin/operators, owners only): everyone with a back-office account, a new
 * operator with a role, a role change or a disabled account (their sessions end at once).
 */
import { data, Form, useActionData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/admin-operators";
import { CACHE_TIERS } from "../../config/cache";
import { ROLE_LABELS, ROLES } from "../../domain/operatorRoles";
import { AdminFrame, Csrf, Field, formatTime } from "../admin/AdminFrame";
import { requireOperator, requireOperatorForm } from "../admin/admin.server";

export function headers() {
  return { "Cache-Control": CACHE_TIERS.never };
}

export function meta() {
  return [{ title: "Operators | Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { me, admin } = await requireOperator(args, "operators.manage");
  const operators = (await admin.operators.list()).map((o) => ({
    id: o.id,
    email: o.email,
    name: o.name,
    role: o.role,
    secondFactor: o.totpConfirmedAt !== null,
    disabled: o.disabledAt !== null,
    lastLoginAt: o.lastLoginAt?.toISOString() ?? null,
  }));
  return { me, operators };
}

const changeSchema = z.object({
  id: z.coerce.number().int().positive(),
  role: z.enum(ROLES).optional(),
  disabled: z.enum(["true", "false"]).optional(),
});

export async function action(args: Route.ActionArgs) {
  const { form, admin, actor } = await requireOperatorForm(args, "operators.manage");
  const intent = form.get("intent");
  if (intent === "create") {
    const input = {
      email: String(form.get("email") ?? ""),
      name: String(form.get("name") ?? ""),
      role: String(form.get("role") ?? "") as (typeof ROLES)[number],
      password: String(form.get("password") ?? ""),
    };
    const created = await admin.operators.create(actor, input);
    if (!created.ok) {
      return data(
        { intent: "create" as const, errors: created.errors, values: { ...input, password: "" } },
        { status: 400 },
      );
    }
    return { intent: "create" as const, created: created.operator.email };
  }
  const change = changeSchema.safeParse(Object.fromEntries(form));
  if (intent !== "update" || !change.success) {
    return data({ intent: "update" as const, problem: "The change is not valid" }, { status: 400 });
  }
  const updated = await admin.operators.update(actor, change.data.id, {
    ...(change.data.role ? { role: change.data.role } : {}),
    ...(change.data.disabled ? { disabled: change.data.disabled === "true" } : {}),
  });
  if (!updated.ok)
    return data({ intent: "update" as const, problem: updated.problem }, { status: 400 });
  return { intent: "update" as const, done: true };
}

export default function AdminOperators({ loaderData }: Route.ComponentProps) {
  const { me, operators } = loaderData;
  const result = useActionData<typeof action>();
  const errors: Record<string, string | undefined> =
    result && "errors" in result ? result.errors : {};
  const values = result && "values" in result ? result.values : undefined;
  return (
    <AdminFrame me={me} title="Operators">
      {result && "created" in result ? (
        <p className="admin__notice" role="status">
          {result.created} can sign in now; owners and operators set up their second factor at the
          first log-in.
        </p>
      ) : null}
      {result && "problem" in result ? (
        <p className="admin__error" role="alert">
          {result.problem}
        </p>
      ) : null}
      <div className="admin__table-wrap">
        <table>
          <caption className="visually-hidden">Operators</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Address</th>
              <th scope="col">Role</th>
              <th scope="col">Second factor</th>
              <th scope="col">Last log-in</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {operators.map((o) => (
              <tr key={o.id}>
                <td>
                  {o.name}
                  {o.disabled ? " (disabled)" : ""}
                </td>
                <td>{o.email}</td>
                <td>{ROLE_LABELS[o.role]}</td>
                <td>{o.secondFactor ? "set up" : "not set up"}</td>
                <td>{formatTime(o.lastLoginAt)}</td>
                <td>
                  {o.email === me.email ? (
                    "you"
                  ) : (
                    <Form method="post" className="admin__search">
                      <Csrf me={me} />
                      <input type="hidden" name="id" value={o.id} />
                      <input type="hidden" name="intent" value="update" />
                      <label>
                        <span className="visually-hidden">Role of {o.email}</span>
                        <select name="role" defaultValue={o.role}>
                          {ROLES.map((r) => (
                            <option key={r} value={r}>
                              {ROLE_LABELS[r]}
                            </option>
                          ))}
                        </select>
                      </label>
                      <button className="admin__button admin__button--quiet" type="submit">
                        Save role
                      </button>
                      <button
                        className="admin__button admin__button--quiet"
                        type="submit"
                        name="disabled"
                        value={o.disabled ? "false" : "true"}
                      >
                        {o.disabled ? "Enable" : "Disable"}
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>New operator</h2>
      <Form method="post" noValidate>
        <Csrf me={me} />
        <input type="hidden" name="intent" value="create" />
        <Field
          name="name"
          label="Name"
          required
          defaultValue={values?.name ?? ""}
          error={errors.name}
        />
        <Field
          name="email"
          label="E-mail address"
          type="email"
          required
          defaultValue={values?.email ?? ""}
          error={errors.email}
        />
        <div className="admin-field">
          <label htmlFor="field-role">Role</label>
          <select
            id="field-role"
            name="role"
            defaultValue={values?.role ?? "operator"}
            aria-invalid={errors.role ? true : undefined}
            aria-describedby={errors.role ? "field-role-error" : undefined}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
          {errors.role ? (
            <p id="field-role-error" className="admin-field__error">
              {errors.role}
            </p>
          ) : null}
        </div>
        <Field
          name="password"
          label="First password"
          type="password"
          autoComplete="new-password"
          required
          hint="Tell it to the person on another channel; at least 10 characters."
          error={errors.password}
        />
        <button className="admin__button" type="submit">
          Create operator
        </button>
      </Form>
    </AdminFrame>
  );
}
