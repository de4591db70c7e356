/**
 * The second factor (/_admin/security): scan the QR code (or type the key) into an
 * authenticator app and confirm with its first code; then make the recovery codes (shown
 * once each time they are made). Here too an operator changes their own password (the
 * current one first; their other sessions end).
 * A session without the second factor reaches only this page, and cannot change the password.
 */
import { data, Form, Link, redirect, useActionData } from "react-router";
import type { Route } from "./+types/admin-security";
import { CACHE_TIERS } from "../../config/cache";
import { AdminGate, Field } from "../admin/AdminFrame";
import { adminServices, adminTokenOf, isSecure } from "../admin/admin.server";
import { requestForm } from "../lib/forms.server";

export function headers() {
  return { "Cache-Control": CACHE_TIERS.never };
}

export function meta() {
  return [
    { title: "Second factor | Back office" },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

async function current(args: Route.LoaderArgs | Route.ActionArgs) {
  const { admin } = adminServices(args);
  const token = adminTokenOf(args);
  const view = token ? await admin.operators.session(token) : null;
  if (!view || !token) throw redirect("/_admin/login");
  return { admin, token, view };
}

export async function loader(args: Route.LoaderArgs) {
  const { admin, token, view } = await current(args);
  const { operator } = view;
  const csrf = admin.csrfToken(token);
  if (operator.totpConfirmedAt) {
    return {
      enrolled: true as const,
      csrf,
      canChangePassword: view.secondFactor,
      codesLeft: await admin.operators.recoveryCodesLeft(operator.id),
    };
  }
  const pending =
    (await admin.operators.pendingSecondFactor(operator)) ??
    (await admin.operators.beginSecondFactor(operator));
  return {
    enrolled: false as const,
    csrf,
    canChangePassword: view.secondFactor,
    required: !view.secondFactor,
    secret: pending.secret,
    qr: pending.qr,
    email: operator.email,
  };
}

export async function action(args: Route.ActionArgs) {
  const { admin, token, view } = await current(args);
  const form = await requestForm(args.request);
  if (!admin.csrfValid(token, form.get("csrf"))) {
    throw data({ message: "The form has expired: reload the page" }, { status: 403 });
  }
  const operator = await admin.operators.byId(view.operator.id);
  if (!operator) throw redirect("/_admin/login");
  if (form.get("intent") === "password") {
    if (!view.secondFactor) throw redirect("/_admin/security");
    const field = (name: string) => String(form.get(name) ?? "").slice(0, 1024);
    const changed = await admin.operators.changePassword(operator.id, token, {
      current: field("current"),
      next: field("next"),
      repeat: field("repeat"),
    });
    if (!changed.ok) return data({ passwordErrors: changed.errors }, { status: 400 });
    return { passwordChanged: changed.sessionsEnded };
  }
  if (form.get("intent") === "codes") {
    if (!view.secondFactor || !operator.totpConfirmedAt) throw redirect("/_admin/security");
    return { recoveryCodes: await admin.operators.replaceRecoveryCodes(operator) };
  }
  const code = String(form.get("code") ?? "").slice(0, 16);
  const confirmed = await admin.operators.confirmSecondFactor(operator, code, token);
  if (!confirmed.ok) {
    return data(
      { error: "This code is not right: enter the six digits your app shows now." },
      { status: 400 },
    );
  }
  // The session's token changes with the second factor, so the page is loaded anew with it.
  return redirect("/_admin/security", {
    headers: { "Set-Cookie": admin.cookie(confirmed.token, isSecure(args.request)) },
  });
}

function PasswordForm({ csrf }: { csrf: string }) {
  const result = useActionData<typeof action>();
  const errors: Record<string, string | undefined> =
    result && "passwordErrors" in result ? result.passwordErrors : {};
  return (
    <Form method="post" noValidate aria-labelledby="password-title">
      <fieldset>
        <legend id="password-title">Change your password</legend>
        {result && "passwordChanged" in result ? (
          <p className="admin__notice" role="status">
            Your password is changed.{" "}
            {result.passwordChanged === 1
              ? "Your one other session has ended."
              : `Your other sessions (${result.passwordChanged}) have ended.`}
          </p>
        ) : null}
        {errors.form ? (
          <p className="admin__error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="intent" value="password" />
        <Field
          name="current"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.current}
        />
        <Field
          name="next"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 10 characters; a phrase of several words is best."
          required
          error={errors.next}
        />
        <Field
          name="repeat"
          label="New password again"
          type="password"
          autoComplete="new-password"
          required
          error={errors.repeat}
        />
        <button className="admin__button" type="submit">
          Change password
        </button>
      </fieldset>
    </Form>
  );
}

export default function AdminSecurity({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  if (result && "recoveryCodes" in result && result.recoveryCodes) {
    return (
      <AdminGate title="Your recovery codes">
        <p>
          Keep these codes somewhere safe: each one signs you in once without the app. They are
          shown only now; earlier codes no longer work.
        </p>
        <ul className="admin__codes" aria-label="Recovery codes">
          {result.recoveryCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <p>
          <Link className="admin__button" to="/_admin">
            Continue to the back office
          </Link>
        </p>
      </AdminGate>
    );
  }
  if (loaderData.enrolled) {
    return (
      <AdminGate title="Second factor">
        <p>Your authenticator app is set up.</p>
        {loaderData.codesLeft === 0 ? (
          <p className="admin__error" role="alert">
            You have no recovery codes: make them now, or a lost phone locks you out.
          </p>
        ) : (
          <p>Recovery codes left: {loaderData.codesLeft}.</p>
        )}
        <Form method="post" className="admin__actions">
          <input type="hidden" name="csrf" value={loaderData.csrf} />
          <input type="hidden" name="intent" value="codes" />
          <button className="admin__button" type="submit">
            Make new recovery codes
          </button>
          <Link to="/_admin">Back to the back office</Link>
        </Form>
        {loaderData.canChangePassword ? <PasswordForm csrf={loaderData.csrf} /> : null}
      </AdminGate>
    );
  }
  const error = result && "error" in result ? result.error : undefined;
  return (
    <AdminGate title="Set up the second factor">
      <p>
        {loaderData.required
          ? "Your role needs a second factor before you can work in the back office."
          : "A second factor keeps your account safe even when your password leaks."}{" "}
        Scan the code with an authenticator app, or type the key, then enter the code it shows.
      </p>
      <img
        className="admin__qr"
        src={loaderData.qr}
        alt={`QR code for the authenticator app (account ${loaderData.email})`}
        width={192}
        height={192}
      />
      <p>
        Key: <code data-testid="totp-secret">{loaderData.secret}</code>
      </p>
      <Form method="post" noValidate>
        <input type="hidden" name="csrf" value={loaderData.csrf} />
        <Field
          name="code"
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          error={error}
        />
        <button className="admin__button" type="submit">
          Confirm
        </button>
      </Form>
      {loaderData.canChangePassword ? <PasswordForm csrf={loaderData.csrf} /> : null}
    </AdminGate>
  );
}
