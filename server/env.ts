/**
 * The environment, validated once at boot. A bad variable stops the process with a
 * message naming it. Only `publicEnv` may ever reach the browser.
 */
import { z } from "zod";
import { isSafeDesignerBase } from "../domain/designerLinks";
import { checkFlagSetName } from "../domain/flags";
import {
  OWN_RUM_ENDPOINT,
  recaptchaSrc,
  TAG_MANAGER_ID_PATTERN,
  tagManagerSrc,
  type ThirdPartyConfig,
} from "../domain/thirdParty";

/** The host of an absolute URL, or "" for a path. */
function designerHost(base: string): string {
  try {
    return new URL(base).hostname;
  } catch {
    return "";
  }
}

const booleanString = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

/** An absolute URL of a script or endpoint another party serves: https, or http on this machine. */
const httpsUrl = z.url().refine((v) => {
  const url = new URL(v);
  return (
    url.protocol === "https:" ||
    (url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname))
  );
}, "must be an https URL (http only for localhost)");

/** A reCAPTCHA key as Google issues them. */
const recaptchaKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{10,100}$/, "must be a reCAPTCHA key (letters, digits, - and _)");

/** An optional string; an empty value counts as unset. */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

/** A switch that is on unless set to "false" or "0". */
const onUnlessOff = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v !== "false" && v !== "0");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Shop workers of `npm run serve` (a number, or "auto": one per core); more than one needs DATABASE_URL. */
  WEB_CONCURRENCY: optionalString.pipe(
    z
      .literal("auto")
      .or(
        z
          .string()
          .regex(/^\d+$/, 'a number or "auto"')
          .transform(Number)
          .pipe(z.number().int().min(1).max(64)),
      )
      .optional(),
  ),
  HOST: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PGLITE_DIR: z.string().min(1).default("./data/pglite"),
  HOSTS_FILE: z.string().optional(),
  /**
   * Addresses of the proxies in front of the shop (comma-separated IPs); only behind
   * them is X-Forwarded-For read for the visitor's address.
   */
  TRUSTED_PROXIES: optionalString.transform((v) =>
    (v ?? "")
      .split(",")
      .map((ip) => ip.trim())
      .filter((ip) => ip !== ""),
  ),
  /** Sends every plain-HTTP request to HTTPS (308); for a shop reached directly, not behind a TLS proxy that redirects itself. */
  FORCE_HTTPS: booleanString,
  /** HSTS also covers every subdomain of the shop's hosts (only when all of them speak HTTPS). */
  HSTS_INCLUDE_SUBDOMAINS: booleanString,
  /** Shows the technical error text on the error page. Never on in production. */
  DEBUG_ERRORS: booleanString,
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** After SIGTERM, how long the shop keeps serving while /health/ready says 503 (a load balancer's deregistration time). */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** How often the retention job deletes what is kept no longer (server/retention); once per cluster. */
  RETENTION_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  // ---- content system (server/content): the embedded space, or a real Storyblok space
  /** Content Delivery API v2 base, e.g. https://api.storyblok.com/v2; empty: the embedded service in this process. */
  CONTENT_API_URL: optionalString.pipe(z.url().optional()),
  CONTENT_CARDS_SPACE_ID: z.coerce.number().int().positive().default(1001),
  CONTENT_CARDS_PUBLIC_TOKEN: optionalString,
  CONTENT_CARDS_PREVIEW_TOKEN: optionalString,
  CONTENT_WALLART_SPACE_ID: z.coerce.number().int().positive().default(1002),
  CONTENT_WALLART_PUBLIC_TOKEN: optionalString,
  CONTENT_WALLART_PREVIEW_TOKEN: optionalString,
  /** OAuth-style token of the management API (/v1); without it the management API refuses every call. */
  CONTENT_MANAGEMENT_TOKEN: optionalString.pipe(z.string().min(16).optional()),
  /** Secret of the publish webhook (HMAC-SHA1 of the body in the webhook-signature header). */
  CONTENT_WEBHOOK_SECRET: optionalString.pipe(z.string().min(16).optional()),
  /** Seed stories imported into the embedded space at start when they changed. */
  CONTENT_DIR: z.string().min(1).default("./content"),
  CONTENT_IMPORT_ON_START: onUnlessOff,
  /** How long a process trusts its known cv before asking the content service again. */
  CONTENT_CV_TTL_SECONDS: z.coerce.number().int().min(0).default(30),
  /**
   * Keep a copy of every published story, read whole at each new cv, so a page nobody has
   * read yet is still served while the content service fails ("false" saves the memory).
   */
  CONTENT_MIRROR: onUnlessOff,
  /** The shortest time between two reads of a whole space into that copy. */
  CONTENT_MIRROR_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  /**
   * Keep anonymous pages every visitor gets alike in memory (not in development; "false"
   * to render every request), up to this many megabytes, fresh for so long, then answered
   * while a new render runs (or when it fails) for so long again. A change of content or
   * catalogue drops the pages it touches at once, so freshness only bounds what changes
   * with time alone: five minutes, as long as a CDN may keep a page (s-maxage); shorter,
   * every page someone visits is rendered anew that much more often.
   */
  PAGE_CACHE: onUnlessOff,
  PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).default(64),
  PAGE_CACHE_FRESH_SECONDS: z.coerce.number().int().min(0).default(300),
  PAGE_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).default(3600),
  /** Extra hosts (comma-separated) that redirect stories may send visitors to. */
  CONTENT_REDIRECT_HOSTS: optionalString.transform((v) =>
    (v ?? "")
      .split(",")
      .map((h) => h.trim().toLowerCase())
      .filter((h) => h !== ""),
  ),
  // ---- designer application
  /**
   * Where configurator links send visitors: the designer application's base URL (http or
   * https), or a path of this shop. The default is the shop's own studio (/designer/<product>),
   * where the shopper designs the product and puts the design into the cart.
   */
  DESIGNER_URL: optionalString
    .transform((v) => v ?? "/designer")
    .refine((v) => isSafeDesignerBase(v, [designerHost(v)]), "must be a path or an http(s) URL"),
  // ---- customers and e-mail (server/customers)
  /** SMTP server for outgoing mail, e.g. smtp://user:pass@mail.example:587; empty: mails stay in the outbox. */
  SMTP_URL: optionalString.pipe(z.url().optional()),
  /** The sender address of every mail (the brand's name is the sender name). */
  MAIL_FROM: z.email().default("service@shop.localhost"),
  /** The development mailbox page /_mailbox; on by default everywhere but in production. */
  MAILBOX_ENABLED: z.enum(["true", "false", "1", "0", ""]).optional(),
  /** Secret that signs the spam-protection challenges; empty: one is created in the database. */
  SPAM_PROTECTION_SECRET: optionalString.pipe(z.string().min(16).optional()),
  // ---- reCAPTCHA v3 (server/customers/recaptcha.ts): with both keys it replaces the
  // self-hosted proof-of-work challenge as the forms' spam protection
  /** The public site key of a reCAPTCHA v3 key pair; empty: the shop's own challenge. */
  RECAPTCHA_SITE_KEY: optionalString.pipe(recaptchaKey.optional()),
  /** The secret key of the same pair (never sent to the browser). */
  RECAPTCHA_SECRET_KEY: optionalString.pipe(recaptchaKey.optional()),
  /** Where reCAPTCHA's script comes from (a stand-in in the browser tests). */
  RECAPTCHA_SCRIPT_URL: optionalString
    .transform((v) => v ?? "https://www.google.com/recaptcha/api.js")
    .pipe(httpsUrl),
  /** The origins the script loads its code from (comma-separated). */
  RECAPTCHA_HOSTS: optionalString
    .transform((v) =>
      (v ?? "https://www.gstatic.com")
        .split(",")
        .map((h) => h.trim())
        .filter((h) => h !== ""),
    )
    .pipe(z.array(httpsUrl)),
  /** Where the server checks a token. */
  RECAPTCHA_VERIFY_URL: optionalString
    .transform((v) => v ?? "https://www.google.com/recaptcha/api/siteverify")
    .pipe(httpsUrl),
  /** The lowest score (0 bot … 1 human) a form is accepted with. */
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  // ---- Google sign-in (server/customers/google.ts): nothing of it exists without a client id
  /** The OAuth client id of the shop's web client (…apps.googleusercontent.com); empty: no Google sign-in. */
  GOOGLE_CLIENT_ID: optionalString.pipe(
    z
      .string()
      .max(200)
      .regex(
        /^[A-Za-z0-9._-]+$/,
        "must be an OAuth client id like 123-abc.apps.googleusercontent.com",
      )
      .optional(),
  ),
  /** Where Google Identity Services' script comes from (a stand-in in the browser tests). */
  GOOGLE_SCRIPT_URL: optionalString
    .transform((v) => v ?? "https://accounts.google.com/gsi/client")
    .pipe(httpsUrl),
  /** Google's public keys that sign ID tokens (a JSON Web Key Set). */
  GOOGLE_JWKS_URL: optionalString
    .transform((v) => v ?? "https://www.googleapis.com/oauth2/v3/certs")
    .pipe(httpsUrl),
  // ---- feature flags (server/flags)
  /** A Split SDK key; empty: localhost mode, the flags of FLAGS_FILE. */
  FLAGS_SDK_KEY: optionalString,
  /**
   * Flag sets (comma-separated) the SDK fetches instead of every flag of the environment;
   * each a lowercase name of letters, digits and underscores, at most 50 characters.
   */
  FLAGS_SETS: optionalString
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((set) => set.trim())
        .filter((set) => set !== ""),
    )
    .refine(
      (sets) => sets.every((set) => checkFlagSetName(set) === null),
      "each flag set: lowercase letters, digits and underscores, at most 50 characters",
    ),
  /** Each evaluated treatment also goes to the tag manager's data layer as a 'split_evaluation' event. */
  FLAGS_FORWARD_EVALUATIONS: booleanString,
  /** The flags of localhost mode (YAML, re-read every 15 seconds). */
  FLAGS_FILE: z
    .string()
    .min(1)
    .default("./config/flags.yaml")
    .refine((v) => /\.ya?ml$/i.test(v), "must be a .yaml or .yml file"),
  // ---- third parties (domain/thirdParty.ts): each loads only with the visitor's consent
  /** Google Tag Manager container id (GTM-…); empty: no tag manager. */
  TAG_MANAGER_ID: optionalString.pipe(
    z.string().regex(TAG_MANAGER_ID_PATTERN, "must be a container id like GTM-AB12CD3").optional(),
  ),
  /** Where the tag manager's script comes from. */
  TAG_MANAGER_URL: optionalString
    .transform((v) => v ?? "https://www.googletagmanager.com/gtm.js")
    .pipe(httpsUrl),
  /**
   * Origins the container's own tags load from and send to (comma-separated https
   * origins, e.g. https://www.google-analytics.com); allowed only with a container id.
   */
  TAG_MANAGER_HOSTS: optionalString
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((h) => h.trim())
        .filter((h) => h !== ""),
    )
    .pipe(z.array(httpsUrl)),
  /** The session-analytics script (Hotjar-compatible); empty: none. */
  SESSION_ANALYTICS_URL: optionalString.pipe(httpsUrl.optional()),
  /**
   * Where browser errors and web vitals are posted: an http(s) URL of a RUM service,
   * "off", or empty for the shop's own collector (/web-api/rum).
   */
  RUM_URL: optionalString.pipe(z.literal("off").or(httpsUrl).optional()),
  /** The help chat provider's script (Zendesk Web Widget-compatible); empty: the launcher offers phone and e-mail. */
  CHAT_SCRIPT_URL: optionalString.pipe(httpsUrl.optional()),
  // ---- image service (server/images)
  /** Where resized images are kept on disk (several processes may share it). */
  IMAGE_CACHE_DIR: z.string().min(1).default("./data/image-cache"),
  /** The image cache's size limit; the least recently used images go first beyond it. */
  IMAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).default(2048),
  // ---- design studio (server/studio): shoppers' photos and designs
  /** Where the studio keeps photos: "disk" (STUDIO_DIR) or "s3" (the STUDIO_S3_* variables). */
  STUDIO_STORAGE: z.enum(["disk", "s3"]).default("disk"),
  /** The folder of the disk storage (several processes on one machine may share it). */
  STUDIO_DIR: z.string().min(1).default("./data/studio"),
  /** An S3-compatible endpoint (http(s) URL; empty: AWS itself by STUDIO_S3_REGION). */
  STUDIO_S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  STUDIO_S3_REGION: z.string().min(1).default("us-east-1"),
  STUDIO_S3_BUCKET: optionalString,
  /** Keys of the bucket; empty: the SDK's own chain (instance role, AWS_* variables). */
  STUDIO_S3_ACCESS_KEY_ID: optionalString,
  STUDIO_S3_SECRET_ACCESS_KEY: optionalString,
  /** Object names start with this (e.g. "shop/"), so one bucket can serve several shops. */
  STUDIO_S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, 'empty, or folder names each ending in "/"')
    .default(""),
  /** Paths like http://host/bucket/key instead of http://bucket.host/key (local S3 servers, MinIO). */
  STUDIO_S3_PATH_STYLE: booleanString,
  /** Days a photo or design nobody used is kept; one in a cart or an order is never deleted. */
  STUDIO_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** The most photos one shopper (visitor or customer) keeps in the studio. */
  STUDIO_PHOTO_MAX_COUNT: z.coerce.number().int().min(1).default(500),
  /** The most megabytes of photos (originals as kept) one shopper keeps. */
  STUDIO_PHOTO_MAX_MB: z.coerce.number().int().min(1).default(2048),
  /**
   * The optional CMYK step for production print files: the Ghostscript executable ("gs" or a
   * path) and the printer's CMYK ICC profile; both or neither. Without them print files stay sRGB.
   */
  PRINT_CMYK_GHOSTSCRIPT: optionalString,
  PRINT_CMYK_ICC_PROFILE: optionalString,
  // ---- payments and orders (server/payments, server/orders, server/jobs)
  /** Payment methods offered, in order (test, invoice, stripe, mollie); empty: test and invoice outside production, invoice in production. */
  PAYMENT_METHODS: optionalString.pipe(
    z
      .string()
      .regex(
        /^(test|invoice|stripe|mollie)(,(test|invoice|stripe|mollie))*$/,
        "must list test, invoice, stripe or mollie, comma-separated",
      )
      .optional(),
  ),
  /** Allows the test provider in production (a staging shop). */
  PAYMENT_TEST_ENABLED: booleanString,
  /** Seconds a "pending" test payment waits before the test provider approves it by itself. */
  PAYMENT_TEST_SETTLE_SECONDS: z.coerce.number().int().min(0).max(3600).default(20),
  /** Stripe (hosted Checkout): the secret API key and the webhook endpoint's signing secret. */
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Mollie (hosted payment page): the API key (test_… or live_…). */
  MOLLIE_API_KEY: optionalString,
  /** How often this process looks for due jobs (print files, mails, invoices, reconcile). */
  JOBS_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
});

export type Env = z.infer<typeof envSchema>;

/** Rules between variables, each naming the variable to fix. */
const envRules = envSchema.superRefine((env, context) => {
  if (!env.RECAPTCHA_SITE_KEY !== !env.RECAPTCHA_SECRET_KEY) {
    context.addIssue({
      code: "custom",
      path: [env.RECAPTCHA_SITE_KEY ? "RECAPTCHA_SECRET_KEY" : "RECAPTCHA_SITE_KEY"],
      message: "reCAPTCHA needs both keys of a pair (or neither)",
    });
  }
  if (env.STUDIO_STORAGE === "s3" && !env.STUDIO_S3_BUCKET) {
    context.addIssue({
      code: "custom",
      path: ["STUDIO_S3_BUCKET"],
      message: 'STUDIO_STORAGE "s3" needs a bucket',
    });
  }
  if (
    env.NODE_ENV === "production" &&
    env.PAYMENT_METHODS?.split(",").includes("test") &&
    !env.PAYMENT_TEST_ENABLED
  ) {
    context.addIssue({
      code: "custom",
      path: ["PAYMENT_METHODS"],
      message:
        "the test provider takes no real money: in production it needs PAYMENT_TEST_ENABLED=true",
    });
  }
  const methods = env.PAYMENT_METHODS?.split(",") ?? [];
  for (const [method, keys] of [
    ["stripe", ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]],
    ["mollie", ["MOLLIE_API_KEY"]],
  ] as const) {
    for (const key of keys)
      if (methods.includes(method) && !env[key])
        context.addIssue({
          code: "custom",
          path: [key],
          message: `PAYMENT_METHODS offers ${method}: it needs ${key}`,
        });
  }
  if (!env.STUDIO_S3_ACCESS_KEY_ID !== !env.STUDIO_S3_SECRET_ACCESS_KEY) {
    context.addIssue({
      code: "custom",
      path: [
        env.STUDIO_S3_ACCESS_KEY_ID ? "STUDIO_S3_SECRET_ACCESS_KEY" : "STUDIO_S3_ACCESS_KEY_ID",
      ],
      message: "S3 needs both keys of a pair (or neither)",
    });
  }
  if (!env.PRINT_CMYK_GHOSTSCRIPT !== !env.PRINT_CMYK_ICC_PROFILE) {
    context.addIssue({
      code: "custom",
      path: [env.PRINT_CMYK_GHOSTSCRIPT ? "PRINT_CMYK_ICC_PROFILE" : "PRINT_CMYK_GHOSTSCRIPT"],
      message: "The CMYK step needs both the tool and the printer's ICC profile (or neither)",
    });
  }
});

export class EnvError extends Error {}

/** Parses the environment; throws an EnvError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envRules.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join("\n")}\nSee .env.example.`);
  }
  return result.data;
}

/** The whitelisted subset of the configuration the browser may see. */
export interface PublicEnv {
  debugErrors: boolean;
  /** The third-party scripts the browser may load with consent (public URLs only). */
  thirdParty: ThirdPartyConfig;
  /** Forward the page's flag treatments to the data layer as 'split_evaluation' events. */
  forwardFlagEvaluations: boolean;
}

export function thirdPartyConfig(env: Env): ThirdPartyConfig {
  return {
    tagManager: env.TAG_MANAGER_ID
      ? {
          src: tagManagerSrc(env.TAG_MANAGER_URL, env.TAG_MANAGER_ID),
          containerId: env.TAG_MANAGER_ID,
          hosts: env.TAG_MANAGER_HOSTS,
        }
      : null,
    sessionAnalytics: env.SESSION_ANALYTICS_URL ? { src: env.SESSION_ANALYTICS_URL } : null,
    rum: env.RUM_URL === "off" ? null : { endpoint: env.RUM_URL ?? OWN_RUM_ENDPOINT },
    chat: env.CHAT_SCRIPT_URL ? { src: env.CHAT_SCRIPT_URL } : null,
    googleSignIn: env.GOOGLE_CLIENT_ID
      ? { src: env.GOOGLE_SCRIPT_URL, clientId: env.GOOGLE_CLIENT_ID }
      : null,
    recaptcha: env.RECAPTCHA_SITE_KEY
      ? {
          src: recaptchaSrc(env.RECAPTCHA_SCRIPT_URL, env.RECAPTCHA_SITE_KEY),
          siteKey: env.RECAPTCHA_SITE_KEY,
          hosts: env.RECAPTCHA_HOSTS,
        }
      : null,
  };
}

export function publicEnv(env: Env): PublicEnv {
  return {
    debugErrors: env.DEBUG_ERRORS,
    thirdParty: thirdPartyConfig(env),
    forwardFlagEvaluations: env.FLAGS_FORWARD_EVALUATIONS,
  };
}
