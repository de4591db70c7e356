/**
 * The frame of every back-office page: a link past the navigation for keyboard users, the
 * navigation (only what the role may open), who is signed in, and the sign-out form.
 */
import type { ReactNode } from "react";
import { Form, NavLink } from "react-router";
import { ROLE_LABELS, type Permission } from "../../domain/operatorRoles";
import type { Me } from "./admin.server";
import "./admin.css";

const SECTIONS: { to: string; label: string; permission: Permission }[] = [
  { to: "/_admin", label: "Dashboard", permission: "dashboard.read" },
  { to: "/_admin/orders", label: "Orders", permission: "orders.read" },
  { to: "/_admin/production", label: "Production", permission: "orders.produce" },
  { to: "/_admin/customers", label: "Customers", permission: "customers.read" },
  { to: "/_admin/vouchers", label: "Vouchers", permission: "vouchers.read" },
  { to: "/_admin/mail", label: "Mailbox", permission: "mail.read" },
  { to: "/_admin/operators", label: "Operators", permission: "operators.manage" },
  { to: "/_admin/audit", label: "Audit log", permission: "audit.read" },
  { to: "/_admin/content", label: "Content", permission: "content.edit" },
  { to: "/_admin/pictures", label: "Pictures", permission: "pictures.review" },
  { to: "/_admin/flags", label: "Flags", permission: "flags.read" },
];

/** The CSRF token as a form's hidden field. */
export function Csrf({ me }: { me: Me }) {
  return <input type="hidden" name="csrf" value={me.csrf} />;
}

export function AdminFrame({
  me,
  title,
  children,
}: {
  me: Me;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="admin">
      {/* The first stop of the Tab key: past the navigation to the page's own content. */}
      <a className="admin__skip" href="#main">
        Skip to the content
      </a>
      <header className="admin__bar">
        <p className="admin__brand">Back office</p>
        <nav aria-label="Back office">
          <ul className="admin__nav">
            {SECTIONS.filter((s) => me.permissions.includes(s.permission)).map((s) => (
              <li key={s.to}>
                <NavLink to={s.to} end={s.to === "/_admin"}>
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin__me">
          <span>
            {me.name} · {ROLE_LABELS[me.role]}
          </span>
          <Form method="post" action="/_admin/logout" reloadDocument>
            <Csrf me={me} />
            <button className="admin__button admin__button--quiet" type="submit">
              Sign out
            </button>
          </Form>
        </div>
      </header>
      <main id="main" className="admin__main" tabIndex={-1}>
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}

/** A page without the navigation: log-in, setup, the second factor's set-up. */
export function AdminGate({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="admin-gate">
      <p className="admin__brand">Back office</p>
      <h1>{title}</h1>
      {children}
    </main>
  );
}

/** A labelled input with its message below, tied together for screen readers. */
export function Field({
  name,
  label,
  error,
  hint,
  id: ownId,
  ...input
}: {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  /** The input's id where two forms of a page have a field of the same name. */
  id?: string;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = ownId ?? `field-${name}`;
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="admin-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="admin-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A filter's choice with "any" first (no filter) and its message below it. */
export function SelectField({
  name,
  label,
  value,
  options,
  error,
}: {
  name: string;
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  error?: string | undefined;
}) {
  const id = `field-${name}`;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">any</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="admin-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function formatTime(value: string | Date | null | undefined): string {
  if (!value) return "—";
  return new Date(value).toISOString().slice(0, 16).replace("T", " ") + " UTC";
}

/**
 * The log-in and the first owner's set-up: one form of an e-mail address and a password (with
 * what each page adds before or after them), its hidden field, its alert and its button.
 */
export function CredentialsForm({
  hidden,
  alert,
  email,
  password,
  before,
  after,
  submit,
}: {
  hidden: { name: string; value: string };
  alert?: string | undefined;
  email: { value: string; error?: string | undefined };
  password: {
    autoComplete: "current-password" | "new-password";
    hint?: string;
    error?: string | undefined;
  };
  before?: ReactNode;
  after?: ReactNode;
  submit: string;
}) {
  return (
    <Form method="post" noValidate>
      <input type="hidden" name={hidden.name} value={hidden.value} />
      {alert ? (
        <p className="admin__error" role="alert">
          {alert}
        </p>
      ) : null}
      {before}
      <Field
        name="email"
        label="E-mail address"
        type="email"
        autoComplete="username"
        required
        defaultValue={email.value}
        error={email.error}
      />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete={password.autoComplete}
        required
        {...(password.hint ? { hint: password.hint } : {})}
        error={password.error}
      />
      {after}
      <button className="admin__button" type="submit">
        {submit}
      </button>
    </Form>
  );
}
