import { Outlet } from "react-router";
import type { Route } from "./+types/default";
import { SiteFrame } from "../layout/SiteFrame";
import { notFound } from "../lib/http";
import { localeContext } from "../lib/site";

/** The default layout: site furniture around pages that passed the locale-prefix guard. */
export function loader({ context, url }: Route.LoaderArgs) {
  if (context.get(localeContext).unknownPrefix) notFound(url.pathname);
  return null;
}

export default function DefaultLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}
