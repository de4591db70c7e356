import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** How deep below the project root the layer rules look for files. */
const MAX_DEPTH = 6;

/**
 * Layers: every import points down the list domain ← config ← db ← cms ← server, and the
 * storefront (app) on top imports the server for its types only.
 * The pure rules (domain) import nothing; config adds channels, hosts and cache tiers on
 * top of them; db is the schema, migrations and client every service shares; cms is the
 * embedded content system, which knows nothing of the shop that reads it; the storefront
 * (app) sees the services only as types and reaches them through the request context; the
 * process (server) never imports storefront code, it reaches the app through the contract
 * in server/storefront.ts. docs/decisions/0007-layer-rules.md and 0010-cms-apart.md say
 * why; tests/layers.test.ts shows the rules fail on a wrong-way import.
 *
 * Relative imports are matched per folder depth, so "../app" from server/testing/ (the
 * server's own app.ts) is told apart from "../../app/…" (the storefront). `~/` is the app.
 */
function layerRules() {
  const up = (n) => (n === 0 ? "\\./" : `(\\.\\./){${n}}`);
  const restrict = (patterns) => ({
    "@typescript-eslint/no-restricted-imports": ["error", { patterns }],
  });
  const configs = [];
  for (let depth = 1; depth <= MAX_DEPTH; depth++) {
    const files = (layer) => [`${layer}/${"*/".repeat(depth - 1)}*.{ts,tsx}`];
    const outside = up(depth);
    configs.push(
      {
        files: files("domain"),
        ignores: ["**/*.test.{ts,tsx}"],
        rules: restrict([
          {
            // zod is the one package: validation rules are domain rules too.
            regex: `^(?!\\.|zod$)|^${outside}`,
            message:
              "domain/ is pure: it imports only other domain modules and zod, no other package.",
          },
        ]),
      },
      {
        files: files("config"),
        rules: restrict([
          {
            regex: `^(~/|${outside}(app|server|cms|content|catalogue|scripts|tests)(/|$))`,
            message: "config/ imports only domain/ (and packages).",
          },
        ]),
      },
      {
        files: files("db"),
        rules: restrict([
          {
            regex: `^(~/|${outside}(app|server|cms|content|catalogue|scripts)(/|$))`,
            message: "db/ imports only domain/ and config/ (and packages).",
          },
        ]),
      },
      {
        files: files("cms"),
        rules: restrict([
          {
            regex: `^(~/|${outside}(app|server|content|catalogue|scripts|tests)(/|$))`,
            message:
              "cms/ knows nothing of the shop: it imports only domain/, config/ and db/ (and packages).",
          },
        ]),
      },
      {
        files: files("app"),
        ignores: ["**/*.test.{ts,tsx}", "**/*.testing.{ts,tsx}"],
        rules: restrict([
          {
            regex: `^${outside}(server|cms|db|scripts|tests)(/|$)`,
            allowTypeImports: true,
            message:
              "The storefront sees the services only as types: reach them through the request context (shopContext).",
          },
          {
            regex: `^(~/|${up(depth - 1)})root(\\.tsx)?$`,
            allowTypeImports: true,
            message:
              "Read the root loader's data through app/lib/rootData.ts; root.tsx is imported for its types only.",
          },
        ]),
      },
      {
        files: files("server"),
        rules: restrict([
          {
            regex: `^(~/|${outside}app(/|$))`,
            message:
              "The server never imports storefront code: extend the contract in server/storefront.ts, which the app implements.",
          },
        ]),
      },
    );
  }
  return configs;
}

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "build-*/**",
      "data/**",
      ".react-router/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      ".cache/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error", "info"] }],
      // Input sanitising matches control characters on purpose.
      "no-control-regex": "off",
    },
  },
  ...layerRules(),
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ["tests/e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    files: ["**/*.js"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        fetch: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        setInterval: "readonly",
        clearInterval: "readonly",
        Buffer: "readonly",
        performance: "readonly",
      },
    },
  },
);
