/** The server bundle's entry: the React Router build and the shop that serves it. */
import * as build from "virtual:react-router/server-build";
import type { ServerBuild } from "react-router";
import { start as startShop } from "./app";

export { createShop } from "./app";
export { runContentImport, runContentTokens } from "./content/cli";
export { runCatalogueImport } from "./catalogue/cli";
export { runOperatorCreate } from "./admin/cli";
export const serverBuild = build as unknown as ServerBuild;

export function start(clientDir: string) {
  return startShop(serverBuild, clientDir);
}
