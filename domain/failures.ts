/**
 * Telling a database that cannot be reached (a lost connection, a server shutting down,
 * a closed embedded database) from a query that went wrong: the first is worth a 503
 * and a retry, the second is a bug or bad input.
 */

/** The error and its causes (a query error wraps the driver's). */
export function errorChain(error: unknown): unknown[] {
  const errors: unknown[] = [];
  for (let e: unknown = error; e && errors.length < 5; e = (e as { cause?: unknown }).cause) {
    errors.push(e);
  }
  return errors;
}

/** Network codes of a lost connection, and PostgreSQL's shutdown codes. */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "57P01",
  "57P02",
  "57P03",
]);
const UNREACHABLE_MESSAGE =
  /Connection terminated|connection timeout|PGlite is closed|Client has encountered a connection error/i;

/** True when the error says the database cannot be reached now (not that a query was wrong). */
export function isDatabaseUnreachable(error: unknown): boolean {
  return errorChain(error).some((e) => {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || code.startsWith("08"))) {
      return true;
    }
    return e instanceof Error && UNREACHABLE_MESSAGE.test(e.message);
  });
}
