/**
 * npm run operator:create -- --email a@b.example --role owner [--name "A B"] [--password-stdin]
 * creates a back-office operator in the configured database (a stopped shop's PGlite
 * folder, or PostgreSQL beside running shops). The password comes from OPERATOR_PASSWORD,
 * from standard input with --password-stdin, or is made up and printed once. Owners and
 * operators set up their second factor at their first log-in.
 */
import { parseArgs } from "node:util";
import { openDatabase } from "../../db/client";
import { newToken } from "../customers/secrets";
import { parseEnv } from "../env";
import { createOperatorService } from "./operators";
import { ROLES } from "../../domain/operatorRoles";

const USAGE = `usage: npm run operator:create -- --email <address> --role <${ROLES.join("|")}> [--name <name>] [--password-stdin]`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

export async function runOperatorCreate(
  argv: readonly string[],
  source: Record<string, string | undefined> = process.env,
): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        email: { type: "string" },
        role: { type: "string" },
        name: { type: "string" },
        "password-stdin": { type: "boolean" },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!values.email || !values.role) {
    console.error(USAGE);
    return 2;
  }
  const env = parseEnv(source);
  const made = !source.OPERATOR_PASSWORD && !values["password-stdin"];
  const password = source.OPERATOR_PASSWORD
    ? source.OPERATOR_PASSWORD
    : values["password-stdin"]
      ? await readStdin()
      : newToken().slice(0, 24);
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.PGLITE_DIR },
  );
  try {
    await database.migrate();
    const operators = createOperatorService({ db: database.db });
    const result = await operators.create(
      { id: null, email: "command-line" },
      {
        email: values.email,
        name: values.name ?? values.email.split("@")[0] ?? values.email,
        role: values.role as (typeof ROLES)[number],
        password,
      },
    );
    if (!result.ok) {
      for (const [field, message] of Object.entries(result.errors)) {
        console.error(`${field}: ${message}`);
      }
      return 1;
    }
    console.info(
      `operator ${result.operator.email} created with role ${result.operator.role}; sign in at /_admin/login`,
    );
    if (made) console.info(`password (shown once): ${password}`);
    return 0;
  } catch (error) {
    const message = (error as Error).message;
    console.error(
      /lock|already|in use/i.test(message)
        ? `the database is in use: stop the shop first (PGlite allows one process), or use the setup link it logs (${message})`
        : `operator not created: ${message}`,
    );
    return 1;
  } finally {
    await database.close();
  }
}
