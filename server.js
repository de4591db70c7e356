// Starts the shop: the built server bundle in production, Vite's dev server in development.
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

if (process.env.NODE_ENV === "development") {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const entry = await vite.ssrLoadModule("./server/app.ts");
  const build = () => vite.ssrLoadModule("virtual:react-router/server-build");
  const { getRequestListener } = await import("@hono/node-server");
  const { parseEnv } = await vite.ssrLoadModule("./server/env.ts");
  const env = parseEnv(process.env);
  const shop = await entry.createShop({ env, build });
  const http = await import("node:http");
  const listener = getRequestListener(shop.app.fetch);
  http
    .createServer((req, res) => vite.middlewares(req, res, () => listener(req, res)))
    .listen(env.PORT, () => console.log(`dev shop on http://localhost:${env.PORT}/`));
} else {
  // React chooses its build when first loaded: without this, `npm start` on a machine
  // with NODE_ENV unset would serve visitors with React's slow development build.
  process.env.NODE_ENV ??= "production";
  const buildDir = path.resolve(here, process.env.BUILD_DIR ?? "build");
  const { start } = await import(path.join(buildDir, "server/index.js"));
  await start(path.join(buildDir, "client"));
}
