// A one-route React Router app rendered on the server for every request: the floor the
// shop's own rendering is compared with. Run in production mode, as the shop runs:
//   NODE_ENV=production node scripts/bench/trivial-router.js 3297
/* global Request */
import http from "node:http";
import { createElement as h } from "react";
import { renderToPipeableStream } from "react-dom/server";
import {
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
  useLoaderData,
} from "react-router";

function Page() {
  const { title } = useLoaderData();
  return h("main", null, h("h1", null, title), h("p", null, "A trivial React Router page."));
}

const handler = createStaticHandler([
  { path: "/", loader: () => ({ title: "Hello" }), Component: Page },
]);

/** The router's answer as a whole document, streamed as React renders it (as the shop does). */
async function render(request, response) {
  const context = await handler.query(new Request(`http://localhost${request.url}`));
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = h(
    "html",
    { lang: "en" },
    h("head", null, h("title", null, "Trivial")),
    h("body", null, h(StaticRouterProvider, { router, context })),
  );
  const { pipe } = renderToPipeableStream(app, {
    onShellReady() {
      response.writeHead(context.statusCode, { "Content-Type": "text/html; charset=utf-8" });
      pipe(response);
    },
    onShellError() {
      response.writeHead(500).end();
    },
  });
}

http.createServer(render).listen(Number(process.argv[2]), "127.0.0.1");
