/**
 * The environment, validated once at boot. A bad variable stops the process with a
 * message naming it. Only `publicEnv` may ever reach the browser.
 */
import { z } from "zod";

const booleanString = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PGLITE_DIR: z.string().min(1).default("./data/pglite"),
  HOSTS_FILE: z.string().optional(),
  /** Shows the technical error text on the error page. Never on in production. */
  DEBUG_ERRORS: booleanString,
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Parses the environment; throws an EnvError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join("\n")}\nSee .env.example.`);
  }
  return result.data;
}

/** The whitelisted subset of the configuration the browser may see. */
export interface PublicEnv {
  debugErrors: boolean;
}

export function publicEnv(env: Env): PublicEnv {
  return { debugErrors: env.DEBUG_ERRORS };
}
