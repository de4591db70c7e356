/**
 * Files from the client build: the scripts, styles and fonts under `/assets/`, named by
 * their content's hash and so kept by browsers and CDNs for a year, and the few public files
 * beside them (favicon, brand logos), kept for an hour.
 */
import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";
import { CACHE_TIERS } from "../../config/cache";

/** A folder's files with a Cache-Control; with `precompressed`, a `.br` or `.gz` copy the request accepts instead. */
export function staticFiles(
  root: string,
  cacheControl: string,
  options: { precompressed?: boolean } = {},
): MiddlewareHandler {
  const serve = serveStatic({ root, precompressed: options.precompressed ?? false });
  return async (c, next) => {
    const answer = await serve(c, next);
    // Set on the answer itself: a header set on the context once the static file route has
    // made its answer reaches the client only if an earlier middleware happened to read
    // the context's response first.
    if (answer instanceof Response && answer.ok) answer.headers.set("Cache-Control", cacheControl);
    return answer;
  };
}

/**
 * The built client's `/assets/`, sent as the brotli or gzip copy made at build time
 * (server/assets/precompress.ts) when the request accepts it; without an accepted copy the
 * file goes as built and the compression middleware treats it as any other answer.
 */
export const builtAssets = (clientDir: string) =>
  staticFiles(clientDir, CACHE_TIERS.immutable, { precompressed: true });
