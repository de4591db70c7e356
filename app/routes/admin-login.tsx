/**
 * The back office's log-in (/_admin/login): address, password and, once set up, the code
 * of the authenticator app or a recovery code. Refusals never say which part was wrong.
 */
import { data, redirect, useActionData } from "react-router";
import type { Route } from "./+types/admin-login";
import { CACHE_TIERS } from "../../config/cache";
import { AdminGate, CredentialsForm, Field } from "../admin/AdminFrame";
import { adminServices, isSecure } from "../admin/admin.server";
import { requestForm } from "../lib/forms.server";

export function headers() {
  return { "Cache-Control": CACHE_TIERS.never };
}

export function meta() {
  return [{ title: "Sign in | Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

/**
 * Only back-office paths of this host are followed after the log-in (the content editor's
 * pages also under a language prefix, /fr/_admin/content); anything else, another host
 * included, leads to the back office's start.
 */
function nextPath(value: FormDataEntryValue | string | null): string {
  const next = typeof value === "string" ? value : "";
  return /^(\/[a-z]{2})?\/_admin(\/[\w\-/?=&%.]*)?$/.test(next) && !next.startsWith("//")
    ? next
    : "/_admin";
}

export function loader({ request }: Route.LoaderArgs) {
  return { next: nextPath(new URL(request.url).searchParams.get("next")) };
}

const MESSAGES = {
  credentials: "The address or the password is wrong.",
  code: "Enter the current code of your authenticator app or an unused recovery code.",
  throttled: "Too many attempts: wait a quarter of an hour and try again.",
} as const;

export async function action(args: Route.ActionArgs) {
  const { admin, clientAddress } = adminServices(args);
  const form = await requestForm(args.request);
  const email = String(form.get("email") ?? "").slice(0, 320);
  const password = String(form.get("password") ?? "").slice(0, 256);
  const code = String(form.get("code") ?? "").slice(0, 32);
  if (!email || !password) {
    return data(
      {
        errors: {
          ...(email ? {} : { email: "Enter your address" }),
          ...(password ? {} : { password: "Enter your password" }),
        },
        email,
      },
      { status: 400 },
    );
  }
  const result = await admin.operators.login({
    email,
    password,
    ...(code ? { code } : {}),
    caller: clientAddress,
  });
  if (!result.ok) {
    return data(
      { errors: { form: MESSAGES[result.problem] }, email },
      { status: result.problem === "throttled" ? 429 : 401 },
    );
  }
  const target = result.secondFactor ? nextPath(form.get("next")) : "/_admin/security";
  return redirect(target, {
    headers: { "Set-Cookie": admin.cookie(result.token, isSecure(args.request)) },
  });
}

export default function AdminLogin({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const errors: Partial<Record<"email" | "password" | "form", string>> = result?.errors ?? {};
  return (
    <AdminGate title="Sign in">
      <CredentialsForm
        hidden={{ name: "next", value: loaderData.next }}
        alert={errors.form}
        email={{ value: result?.email ?? "", error: errors.email }}
        password={{ autoComplete: "current-password", error: errors.password }}
        after={
          <Field
            name="code"
            label="Code from your authenticator app"
            hint="Six digits, or one of your recovery codes. Leave empty if you have not set up the app yet."
            autoComplete="one-time-code"
            inputMode="text"
          />
        }
        submit="Sign in"
      />
    </AdminGate>
  );
}
