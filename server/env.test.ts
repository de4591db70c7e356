import { describe, expect, it } from "vitest";
import { CACHE_TIERS } from "../config/cache";
import { EnvError, parseEnv, publicEnv } from "./env";

describe("environment", () => {
  it("runs on embedded defaults with an empty environment", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      NODE_ENV: "production",
      PGLITE_DIR: "./data/pglite",
      DEBUG_ERRORS: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("keeps studio photos on disk by default, and in S3 only with a bucket and a whole key pair", () => {
    expect(parseEnv({})).toMatchObject({
      STUDIO_STORAGE: "disk",
      STUDIO_DIR: "./data/studio",
      STUDIO_RETENTION_DAYS: 30,
      STUDIO_PHOTO_MAX_COUNT: 500,
    });
    expect(() => parseEnv({ STUDIO_STORAGE: "s3" })).toThrow(/STUDIO_S3_BUCKET/);
    expect(() =>
      parseEnv({ STUDIO_STORAGE: "s3", STUDIO_S3_BUCKET: "photos", STUDIO_S3_ACCESS_KEY_ID: "k" }),
    ).toThrow(/STUDIO_S3_SECRET_ACCESS_KEY/);
    expect(() => parseEnv({ STUDIO_S3_PREFIX: "../up" })).toThrow(/STUDIO_S3_PREFIX/);
    expect(() => parseEnv({ STUDIO_RETENTION_DAYS: "0" })).toThrow(/STUDIO_RETENTION_DAYS/);
    expect(
      parseEnv({
        STUDIO_STORAGE: "s3",
        STUDIO_S3_BUCKET: "photos",
        STUDIO_S3_ENDPOINT: "http://127.0.0.1:9000",
        STUDIO_S3_PATH_STYLE: "true",
        STUDIO_S3_PREFIX: "shop/",
      }),
    ).toMatchObject({ STUDIO_S3_PATH_STYLE: true, STUDIO_S3_PREFIX: "shop/" });
  });

  it("names the bad variable in a clear message", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ URL/,
    );
    expect(() => parseEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });

  it("reads the flag sets and refuses a name the flag service would refuse", () => {
    expect(parseEnv({}).FLAGS_SETS).toEqual([]);
    expect(parseEnv({ FLAGS_SETS: "storefront, wall_art_2" }).FLAGS_SETS).toEqual([
      "storefront",
      "wall_art_2",
    ]);
    expect(() => parseEnv({ FLAGS_SETS: "storefront,Wall-Art" })).toThrow(/FLAGS_SETS/);
    expect(() => parseEnv({ FLAGS_SETS: "a".repeat(51) })).toThrow(/FLAGS_SETS/);
  });

  it("treats an empty DATABASE_URL as unset", () => {
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("sends configurator links to the shop's designer stand-in unless a designer URL is set", () => {
    expect(parseEnv({}).DESIGNER_URL).toBe("/designer");
    expect(parseEnv({ DESIGNER_URL: "https://designer.example/app" }).DESIGNER_URL).toBe(
      "https://designer.example/app",
    );
    expect(() => parseEnv({ DESIGNER_URL: "javascript:alert(1)" })).toThrow(/DESIGNER_URL/);
    expect(() => parseEnv({ DESIGNER_URL: "//evil.example" })).toThrow(/DESIGNER_URL/);
    expect(() => parseEnv({ DESIGNER_URL: "https://u:p@designer.example" })).toThrow(
      /DESIGNER_URL/,
    );
  });

  it("reads boolean flags", () => {
    expect(parseEnv({ DEBUG_ERRORS: "true" }).DEBUG_ERRORS).toBe(true);
    expect(parseEnv({ DEBUG_ERRORS: "1" }).DEBUG_ERRORS).toBe(true);
    expect(parseEnv({ DEBUG_ERRORS: "false" }).DEBUG_ERRORS).toBe(false);
    expect(() => parseEnv({ DEBUG_ERRORS: "yes please" })).toThrow(/DEBUG_ERRORS/);
  });

  it("exposes only the whitelisted public subset to the browser", () => {
    const env = parseEnv({ DATABASE_URL: "postgres://secret@db/shop", DEBUG_ERRORS: "true" });
    const exposed = publicEnv(env);
    expect(exposed).toEqual({
      debugErrors: true,
      thirdParty: {
        tagManager: null,
        sessionAnalytics: null,
        rum: { endpoint: "/web-api/rum" },
        chat: null,
        googleSignIn: null,
        recaptcha: null,
      },
      forwardFlagEvaluations: false,
    });
    expect(JSON.stringify(exposed)).not.toContain("secret");
  });

  it("configures each third-party script only from a valid id or https URL", () => {
    const env = parseEnv({
      TAG_MANAGER_ID: "GTM-AB12CD3",
      TAG_MANAGER_HOSTS: "https://collect.example, https://ads.example",
      SESSION_ANALYTICS_URL: "https://analytics.example/a.js",
      CHAT_SCRIPT_URL: "https://chat.example/snippet.js",
      RUM_URL: "off",
    });
    expect(publicEnv(env).thirdParty).toEqual({
      tagManager: {
        src: "https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3",
        containerId: "GTM-AB12CD3",
        hosts: ["https://collect.example", "https://ads.example"],
      },
      sessionAnalytics: { src: "https://analytics.example/a.js" },
      rum: null,
      chat: { src: "https://chat.example/snippet.js" },
      googleSignIn: null,
      recaptcha: null,
    });
    expect(() => parseEnv({ TAG_MANAGER_ID: "UA-123" })).toThrow(/TAG_MANAGER_ID/);
    expect(() => parseEnv({ CHAT_SCRIPT_URL: "http://chat.example/x.js" })).toThrow(
      /CHAT_SCRIPT_URL/,
    );
    expect(() => parseEnv({ SESSION_ANALYTICS_URL: "javascript:alert(1)" })).toThrow(
      /SESSION_ANALYTICS_URL/,
    );
    expect(parseEnv({ RUM_URL: "http://127.0.0.1:4000/rum" }).RUM_URL).toBe(
      "http://127.0.0.1:4000/rum",
    );
  });

  it("takes the CMYK step's tool and printer profile together or not at all", () => {
    const env = parseEnv({
      PRINT_CMYK_GHOSTSCRIPT: "gs",
      PRINT_CMYK_ICC_PROFILE: "/etc/printer/press.icc",
    });
    expect([env.PRINT_CMYK_GHOSTSCRIPT, env.PRINT_CMYK_ICC_PROFILE]).toEqual([
      "gs",
      "/etc/printer/press.icc",
    ]);
    expect(parseEnv({}).PRINT_CMYK_GHOSTSCRIPT).toBeUndefined();
    expect(() => parseEnv({ PRINT_CMYK_GHOSTSCRIPT: "gs" })).toThrow(/PRINT_CMYK_ICC_PROFILE/);
    expect(() => parseEnv({ PRINT_CMYK_ICC_PROFILE: "/etc/printer/press.icc" })).toThrow(
      /PRINT_CMYK_GHOSTSCRIPT/,
    );
  });

  it("uses reCAPTCHA only with both keys of a pair, and never hands the secret to the browser", () => {
    const env = parseEnv({
      RECAPTCHA_SITE_KEY: "6LcSiteKey_public-123",
      RECAPTCHA_SECRET_KEY: "6LcSecretKey_private-456",
    });
    expect(publicEnv(env).thirdParty.recaptcha).toEqual({
      src: "https://www.google.com/recaptcha/api.js?render=6LcSiteKey_public-123",
      siteKey: "6LcSiteKey_public-123",
      hosts: ["https://www.gstatic.com"],
    });
    expect(JSON.stringify(publicEnv(env))).not.toContain("6LcSecretKey_private-456");
    expect(env.RECAPTCHA_VERIFY_URL).toBe("https://www.google.com/recaptcha/api/siteverify");
    expect(env.RECAPTCHA_MIN_SCORE).toBe(0.5);
    expect(publicEnv(parseEnv({})).thirdParty.recaptcha).toBeNull();
    expect(() => parseEnv({ RECAPTCHA_SITE_KEY: "6LcSiteKey_public-123" })).toThrow(
      /RECAPTCHA_SECRET_KEY/,
    );
    expect(() => parseEnv({ RECAPTCHA_SECRET_KEY: "6LcSecretKey_private-456" })).toThrow(
      /RECAPTCHA_SITE_KEY/,
    );
    expect(() => parseEnv({ RECAPTCHA_SITE_KEY: "<script>", RECAPTCHA_SECRET_KEY: "x" })).toThrow(
      /RECAPTCHA_SITE_KEY/,
    );
    expect(() => parseEnv({ RECAPTCHA_MIN_SCORE: "2" })).toThrow(/RECAPTCHA_MIN_SCORE/);
    expect(() => parseEnv({ RECAPTCHA_VERIFY_URL: "http://verify.example/" })).toThrow(
      /RECAPTCHA_VERIFY_URL/,
    );
  });

  it("offers Google sign-in only with a client id, from Google's script and key set unless told otherwise", () => {
    const env = parseEnv({ GOOGLE_CLIENT_ID: "1234-shop.apps.googleusercontent.com" });
    expect(publicEnv(env).thirdParty.googleSignIn).toEqual({
      src: "https://accounts.google.com/gsi/client",
      clientId: "1234-shop.apps.googleusercontent.com",
    });
    expect(env.GOOGLE_JWKS_URL).toBe("https://www.googleapis.com/oauth2/v3/certs");
    expect(publicEnv(parseEnv({ GOOGLE_CLIENT_ID: "" })).thirdParty.googleSignIn).toBeNull();
    const standIn = parseEnv({
      GOOGLE_CLIENT_ID: "standin",
      GOOGLE_SCRIPT_URL: "https://accounts.standin.test/gsi/client",
      GOOGLE_JWKS_URL: "http://127.0.0.1:3211/oauth2/v3/certs",
    });
    expect(publicEnv(standIn).thirdParty.googleSignIn?.src).toBe(
      "https://accounts.standin.test/gsi/client",
    );
    expect(standIn.GOOGLE_JWKS_URL).toBe("http://127.0.0.1:3211/oauth2/v3/certs");
    expect(() => parseEnv({ GOOGLE_CLIENT_ID: "not a client id" })).toThrow(/GOOGLE_CLIENT_ID/);
    expect(() => parseEnv({ GOOGLE_JWKS_URL: "http://keys.example/certs" })).toThrow(
      /GOOGLE_JWKS_URL/,
    );
    expect(() => parseEnv({ GOOGLE_SCRIPT_URL: "javascript:alert(1)" })).toThrow(
      /GOOGLE_SCRIPT_URL/,
    );
  });

  it("keeps a page fresh in the page cache as long as a CDN may keep it", () => {
    const sMaxAge = Number(/s-maxage=(\d+)/.exec(CACHE_TIERS.page)![1]);
    expect(parseEnv({}).PAGE_CACHE_FRESH_SECONDS).toBe(sMaxAge);
    expect(parseEnv({ PAGE_CACHE_FRESH_SECONDS: "60" }).PAGE_CACHE_FRESH_SECONDS).toBe(60);
  });
});
