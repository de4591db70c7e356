import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// The server bundle's entry is our Hono app (server/app.ts), which imports the
// React Router server build itself: one module graph, one process.
export default defineConfig({
  plugins: [reactRouter()],
  resolve: { tsconfigPaths: true },
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/entry.ts" } } },
  },
  build: { target: "es2022" },
});
