/**
 * The first owner (/_admin/setup?token=…): the link the shop logs at start while no owner
 * exists. It creates the owner, signs them in and leads to the second factor's set-up;
 * afterwards (or with a wrong token) the page only says the link is used up.
 */
import { data, redirect, useActionData } from "react-router";
import type { Route } from "./+types/admin-setup";
import { CACHE_TIERS } from "../../config/cache";
import { AdminGate, CredentialsForm, Field } from "../admin/AdminFrame";
import { adminServices, isSecure } from "../admin/admin.server";
import { requestForm } from "../lib/forms.server";

export function headers() {
  return { "Cache-Control": CACHE_TIERS.never, "Referrer-Policy": "no-referrer" };
}

export function meta() {
  return [{ title: "Set up | Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader(args: Route.LoaderArgs) {
  const token = new URL(args.request.url).searchParams.get("token") ?? "";
  const { admin } = adminServices(args);
  return { token, valid: await admin.operators.setupTokenValid(token) };
}

export async function action(args: Route.ActionArgs) {
  const { admin, clientAddress } = adminServices(args);
  const form = await requestForm(args.request);
  const input = {
    email: String(form.get("email") ?? ""),
    name: String(form.get("name") ?? ""),
    password: String(form.get("password") ?? ""),
  };
  const token = String(form.get("token") ?? "");
  const created = await admin.operators.createFirstOwner(token, input);
  if (!created.ok) {
    return data({ errors: created.errors, email: input.email, name: input.name }, { status: 400 });
  }
  const login = await admin.operators.login({ ...input, caller: clientAddress });
  if (!login.ok) return redirect("/_admin/login");
  return redirect("/_admin/security", {
    headers: { "Set-Cookie": admin.cookie(login.token, isSecure(args.request)) },
  });
}

export default function AdminSetup({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const errors: Record<string, string | undefined> = result?.errors ?? {};
  if (!loaderData.valid) {
    return (
      <AdminGate title="Set up the back office">
        <p>
          This setup link is not valid (any more): an owner exists, or the link expired. Restart the
          shop for a new link while no owner exists, or <a href="/_admin/login">sign in</a>.
        </p>
      </AdminGate>
    );
  }
  return (
    <AdminGate title="Create the owner">
      <p>
        The owner runs the back office and creates every other operator. You set up the second
        factor right after this step.
      </p>
      <CredentialsForm
        hidden={{ name: "token", value: loaderData.token }}
        alert={errors.token}
        before={
          <Field
            name="name"
            label="Name"
            autoComplete="name"
            required
            defaultValue={result?.name ?? ""}
            error={errors.name}
          />
        }
        email={{ value: result?.email ?? "", error: errors.email }}
        password={{
          autoComplete: "new-password",
          hint: "At least 10 characters; a phrase of several words is best.",
          error: errors.password,
        }}
        submit="Create owner"
      />
    </AdminGate>
  );
}
