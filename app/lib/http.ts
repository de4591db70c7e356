import { data } from "react-router";

/** The 404 of a route that fails its meta validation: 'Page Not Found: {path}'. */
export function notFound(pathname: string): never {
  throw data(`Page Not Found: ${pathname}`, { status: 404 });
}
