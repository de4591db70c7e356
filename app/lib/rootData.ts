/**
 * The root loader's data for any component, without importing the root module: the
 * import of `root.tsx` is type-only, so types flow from the loader while modules do not
 * loop back into the document shell.
 */
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root";

export type RootData = Awaited<ReturnType<typeof rootLoader>>;

/** The root loader's data; undefined where there is none (an error before the root loaded). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
