/** One structured JSON logger (pino) for the whole server. */
import { pino, type Logger } from "pino";

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({ level, base: { service: "photo-shop" } });
}
