import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** How deep below the project root the layer rules look for files. */
const MAX_DEPTH = 6;

/**
 * The folders of the storefront from the ground up: a folder imports only those below it
 * (types included), so its arrows run one way. What sits beside them at app/'s top (root,
 * entries, routes, layouts) may import any of them; context.ts and styles/ are under all.
 */
const APP_FLOORS = [
  "lib",
  "i18n",
  "integrations",
  "ui",
  "cart",
  "checkout",
  "wishlist",
  "catalogue",
  "blocks",
  "furniture",
  "account",
  "recommendation",
  "studio",
  "editor",
  "admin",
  "shell",
];

/**
 * The folders whose browser code every page loads at once (the shell chunk of
 * vite.config.ts), and the domain modules they may not import: the catalogue's prices and
 * price rules, the designer links with their formats and options, and rules that carry
 * zod schemas (zod alone is about 27 KB gzip on the home page's budget of 130 KB).
 */
const FIRST_LOAD_FOLDERS = ["shell", "furniture"];
const FIRST_LOAD_FORBIDDEN = [
  "configurationPrice",
  "cataloguePrices",
  "catalogue",
  "wallArtOptions",
  "wallArtOptionGroups",
  "designerLinks",
  "designerConfiguration",
  "calculator",
  "photobox",
  "formats",
  "cart",
  "cartInput",
  "wishlist",
  "customers",
  "contactForm",
  "recommendation",
];

/** The module a node names, when it names one by a string: import, export … from, import(), require(). */
function namedModule(node) {
  const source = node.type === "CallExpression" ? node.arguments[0] : node.source;
  if (!source) return null;
  if (source.type === "Literal" && typeof source.value === "string") return source.value;
  if (source.type === "TemplateLiteral" && source.expressions.length === 0) {
    return source.quasis[0].value.cooked;
  }
  return null;
}

/** True when the statement brings in types alone (erased from the built code). */
function typesOnly(node) {
  if (node.importKind === "type" || node.exportKind === "type") return true;
  const specifiers = node.specifiers ?? [];
  return (
    node.type === "ImportDeclaration" &&
    specifiers.length > 0 &&
    specifiers.every((s) => s.importKind === "type")
  );
}

/**
 * One rule for every way a module can reach another: static imports, re-exports, dynamic
 * `import()` and `require()`. Options: [{ regex, message, allowTypeImports }].
 */
const layerPlugin = {
  rules: {
    imports: {
      meta: {
        type: "problem",
        schema: {
          type: "array",
          items: {
            type: "object",
            properties: {
              regex: { type: "string" },
              message: { type: "string" },
              allowTypeImports: { type: "boolean" },
            },
            required: ["regex", "message"],
            additionalProperties: false,
          },
        },
      },
      create(context) {
        const patterns = context.options.map((p) => ({ ...p, test: new RegExp(p.regex) }));
        function check(node) {
          const name = namedModule(node);
          if (name === null) return;
          for (const pattern of patterns) {
            if (!pattern.test.test(name)) continue;
            if (pattern.allowTypeImports && typesOnly(node)) continue;
            context.report({ node, message: `'${name}': ${pattern.message}` });
            return;
          }
        }
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
          'CallExpression[callee.type="Identifier"][callee.name="require"]': check,
        };
      },
    },
  },
};

/**
 * Layers: every import points down the list domain ← config ← db ← cms ← server, and the
 * storefront (app) on top imports the server for its types only.
 * The pure rules (domain) import nothing; config adds channels, hosts and cache tiers on
 * top of them; db is the schema, migrations and client every service shares; cms is the
 * embedded content system, which knows nothing of the shop that reads it; the storefront
 * (app) sees the services only as types and reaches them through the request context; the
 * process (server) never imports storefront code, it reaches the app through the contract
 * in server/storefront.ts. Inside app/ the folders stand on floors (APP_FLOORS).
 * docs/decisions/0007-layer-rules.md and 0010-cms-apart.md say why; tests/layers.test.ts
 * shows each rule fails on a wrong-way import, static or dynamic.
 *
 * Relative imports are matched per folder depth, so "../app" from server/testing/ (the
 * server's own app.ts) is told apart from "../../app/…" (the storefront). `~/` is the app.
 */
function layerRules() {
  const up = (n) => (n === 0 ? "\\./" : `(\\.\\./){${n}}`);
  const restrict = (...patterns) => ({ "layers/imports": ["error", ...patterns] });
  const appRules = (depth) => [
    {
      regex: `^${up(depth)}(server|cms|db|scripts|tests)(/|$)`,
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
  ];
  const configs = [{ files: ["**/*.{ts,tsx,js,mjs}"], plugins: { layers: layerPlugin } }];
  for (let depth = 1; depth <= MAX_DEPTH; depth++) {
    const files = (layer) => [`${layer}/${"*/".repeat(depth - 1)}*.{ts,tsx}`];
    const outside = up(depth);
    configs.push(
      {
        files: files("domain"),
        ignores: ["**/*.test.{ts,tsx}"],
        rules: restrict({
          // zod is the one package: validation rules are domain rules too.
          regex: `^(?!\\.|zod$)|^${outside}`,
          message:
            "domain/ is pure: it imports only other domain modules and zod, no other package.",
        }),
      },
      {
        files: files("config"),
        rules: restrict({
          regex: `^(~/|${outside}(?!domain(/|$)))`,
          message: "config/ imports only domain/ (and packages).",
        }),
      },
      {
        files: files("db"),
        rules: restrict({
          regex: `^(~/|${outside}(app|server|cms|content|catalogue|scripts)(/|$))`,
          message: "db/ imports only domain/ and config/ (and packages).",
        }),
      },
      {
        files: files("cms"),
        rules: restrict({
          regex: `^(~/|${outside}(app|server|content|catalogue|scripts|tests)(/|$))`,
          message:
            "cms/ knows nothing of the shop: it imports only domain/, config/ and db/ (and packages).",
        }),
      },
      {
        files: files("app"),
        ignores: ["**/*.test.{ts,tsx}", "**/*.testing.{ts,tsx}"],
        rules: restrict(...appRules(depth)),
      },
      {
        files: files("server"),
        rules: restrict({
          regex: `^(~/|${outside}app(/|$))`,
          message:
            "The server never imports storefront code: extend the contract in server/storefront.ts, which the app implements.",
        }),
      },
    );
    // A file of an app folder on `floor` at this depth: the app rules and the floors above.
    if (depth < 2) continue;
    APP_FLOORS.forEach((folder, floor) => {
      const above = APP_FLOORS.slice(floor + 1);
      const zone = above.length
        ? [
            {
              regex: `^(~/|${up(depth - 1)})(${above.join("|")})(/|$)`,
              message: `app/${folder}/ stands below ${above.map((f) => `${f}/`).join(", ")}: it imports only the app folders under it (${APP_FLOORS.slice(0, floor).join(", ") || "none"}).`,
            },
          ]
        : [];
      const firstLoad = FIRST_LOAD_FOLDERS.includes(folder)
        ? [
            {
              regex: `^(~/|${up(depth)})domain/(${FIRST_LOAD_FORBIDDEN.join("|")})$`,
              allowTypeImports: true,
              message: `app/${folder}/ is in every page's first load: catalogue prices and rules with zod schemas stay with the pages that use them (a zod-free module of their own, like domain/wishlistPaths.ts, for what the frame needs).`,
            },
          ]
        : [];
      configs.push({
        files: [`app/${folder}/${"*/".repeat(depth - 2)}*.{ts,tsx}`],
        ignores: ["**/*.test.{ts,tsx}", "**/*.testing.{ts,tsx}"],
        rules: restrict(...appRules(depth), ...zone, ...firstLoad),
      });
      // The frame's server modules read prices and validate with zod: only its browser code is bound.
      if (firstLoad.length) {
        configs.push({
          files: [`app/${folder}/${"*/".repeat(depth - 2)}*.server.{ts,tsx}`],
          ignores: ["**/*.test.{ts,tsx}", "**/*.testing.{ts,tsx}"],
          rules: restrict(...appRules(depth), ...zone),
        });
      }
    });
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
