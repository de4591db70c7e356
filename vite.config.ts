import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { customMediaPostcss } from "./domain/customMedia.ts";
import { precompressAssets } from "./server/assets/precompress.ts";

// The server bundle's entry is our Hono app (server/app.ts), which imports the
// React Router server build itself: one module graph, one process.
export default defineConfig({
  // The client's scripts and styles get brotli and gzip copies once built (server/assets/precompress.ts).
  plugins: [reactRouter(), precompressAssets()],
  // The style sheets name their media queries (`@media (--above-md)`); this PostCSS step
  // of Vite's own CSS pipeline puts in the queries made from the layout constants.
  css: { postcss: { plugins: [customMediaPostcss] } },
  resolve: { tsconfigPaths: true },
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/entry.ts" } } },
    // The modules the root shell shares with the lazy furniture chunks (header, footer,
    // dialogs, link and image primitives, rules) travel in one "shell" chunk. Without the
    // old import of root.tsx from every component, the bundler would otherwise cut them
    // into many small shared chunks, and the home page would load more JavaScript. The page
    // body and the blocks it draws at once (app/blocks/ without the lazily loaded ones,
    // which keep their chunks) travel with them: the content route and the lazily loaded
    // error page share them, and a chunk of their own cost the home page 1 KB more. The
    // brands' names, colours and logos (config/channels.ts) stay with the pages that name
    // them; every page reads only the ids and features (config/channelFeatures.ts).
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "shell",
                  // Theme browsing's rules and the price tag (with the prepared prices, the
                  // recheck hook, the swatch and frame choices and the JSON-LD tag, which only
                  // product and content pages use) stay with the pages that show
                  // prices (the product overview, the design feed, the blocks), Google
                  // sign-in, the account paths and the server's messages with the log-in
                  // dialog and page, the third-party script states with their loader, and
                  // the API request helper and the spam token with the forms that send, and the
                  // check for what a shopper changed before a form's code came (the product
                  // pages' forms and the theme list share it), not in every page's shell.
                  // The back office's roles and the studio's and checkout's rules stay with
                  // their pages, and so do the wall-art options' prices, and the rules with zod
                  // schemas the wishlist and the customer forms share (zod is 27 KB gzip), and
                  // the designer links with the formats, frames and configurations they name (no
                  // shell code imports them; only the pages that link to the designer, the
                  // calculator and the studio: shared by those, they would otherwise land here). React's scheduler, which the studio's canvas library shares
                  // with react-dom, stays in the first load rather than a chunk of its own.
                  test: /\/(app\/(shell\/|furniture\/(?!dialogs\/([Gg]oogle|serverMessage|request\.))|ui\/(?!PriceTag|SwatchChoices|frameChoices|preparedPrice|useRecheck|JsonLd|earlyInput)|lib\/|i18n\/|blocks\/)|config\/(?!channels\.)|domain\/(?!theme|catalogue\.|configurationPrice|wallArtOptions\.|accountPaths|scriptLoading|operatorRoles|studio\/|checkout\/|orderPaths|wishlist\.|customers\.|designerLinks|designerConfiguration|frames\.|wallArtOptionGroups|photobox|formats\.|cart\.)|node_modules\/(scheduler|react-dom)\/)/,
                  tags: ["$initial"],
                  minShareCount: 2,
                },
              ],
            },
          },
        },
      },
    },
  },
  build: { target: "es2022" },
});
