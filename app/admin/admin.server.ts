/**
 * The back office's page work on the server: who is signed in, whether their role may do
 * what the page asks (every loader and action asks; the pages only hide links), the
 * second factor, and the CSRF token every form carries.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { permissionsOf, type Permission, type Role } from "../../domain/operatorRoles";
import { shopContext } from "../context";
import { requestForm } from "../lib/forms.server";

export interface AdminArgs {
  context: Readonly<RouterContextProvider>;
  request: Request;
}

export function adminServices(args: AdminArgs) {
  const { services, clientAddress } = args.context.get(shopContext);
  return { services, admin: services.admin, clientAddress };
}

export function isSecure(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/** The session token the request carries. */
export function adminTokenOf(args: AdminArgs): string | undefined {
  return adminServices(args).admin.token(args.request.headers.get("cookie"));
}

/** What every back-office page shows of the person signed in. */
export interface Me {
  email: string;
  name: string;
  role: Role;
  csrf: string;
  permissions: Permission[];
}

function loginRedirect(request: Request): never {
  const url = new URL(request.url);
  throw redirect(`/_admin/login?next=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
}

/**
 * The operator of the request, with the second factor given, allowed `permission`:
 * otherwise the log-in page (no session, or an expired one), the second factor's set-up
 * (a session without it) or 403 (a role without the permission).
 */
export async function requireOperator(args: AdminArgs, permission?: Permission) {
  const { admin, services } = adminServices(args);
  const token = adminTokenOf(args);
  const view = token ? await admin.operators.session(token) : null;
  if (!view || !token) loginRedirect(args.request);
  if (!view.secondFactor) throw redirect("/_admin/security");
  const { operator } = view;
  const permissions = permissionsOf(operator.role);
  if (permission && !permissions.includes(permission)) {
    throw data({ message: "Your role may not do this" }, { status: 403 });
  }
  const me: Me = {
    email: operator.email,
    name: operator.name,
    role: operator.role,
    csrf: admin.csrfToken(token),
    permissions: [...permissions],
  };
  return {
    operator,
    token,
    me,
    admin,
    services,
    actor: { id: operator.id, email: operator.email },
  };
}

/**
 * An action's form, after the same checks as the page and its CSRF token (bound to the
 * session): a form from anywhere else is refused with 403 before it does anything.
 */
export async function requireOperatorForm(args: AdminArgs, permission?: Permission) {
  const signedIn = await requireOperator(args, permission);
  const form = await requestForm(args.request);
  if (!signedIn.admin.csrfValid(signedIn.token, form.get("csrf"))) {
    throw data({ message: "The form has expired: reload the page" }, { status: 403 });
  }
  return { ...signedIn, form };
}

/** Messages per field of a zod error (the first of each field). */
export function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}
