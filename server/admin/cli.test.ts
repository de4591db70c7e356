/**
 * npm run operator:create on a stopped shop's embedded database: creates an operator with
 * the given role and password, refuses a taken address, an unknown role and a weak
 * password, and writes the creation to the audit log as the command line's.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { inject } from "vitest";
import { openDatabase } from "../../db/client";
import { auditLog, operators } from "../../db/schema";
import { runOperatorCreate } from "./cli";

describe("the operator command line", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "shop-operator-cli-"));
    cpSync(inject("pgliteTemplate"), dir, { recursive: true });
    vi.spyOn(console, "info").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterAll(() => {
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });
  const env = (password?: string) => ({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PGLITE_DIR: dir,
    ...(password ? { OPERATOR_PASSWORD: password } : {}),
  });

  it("creates an owner, then refuses the same address, an unknown role and a weak password", async () => {
    const args = ["--email", "Chief@Example.com", "--role", "owner", "--name", "Chief"];
    expect(await runOperatorCreate(args, env("Kompass-Nebel-Treppe-58"))).toBe(0);
    expect(await runOperatorCreate(args, env("Kompass-Nebel-Treppe-58"))).toBe(1);
    expect(
      await runOperatorCreate(
        ["--email", "x@example.com", "--role", "boss"],
        env("Kompass-Nebel-Treppe-58"),
      ),
    ).toBe(1);
    expect(
      await runOperatorCreate(["--email", "y@example.com", "--role", "production"], env("abc")),
    ).toBe(1);
    expect(await runOperatorCreate(["--email", "z@example.com"], env())).toBe(2);
    // Without a given password one is made up and printed once.
    expect(
      await runOperatorCreate(["--email", "p@example.com", "--role", "production"], env()),
    ).toBe(0);

    const database = await openDatabase({ dataDir: dir });
    try {
      const rows = await database.db.select().from(operators);
      expect(rows.map((r) => [r.email, r.role]).sort()).toEqual([
        ["chief@example.com", "owner"],
        ["p@example.com", "production"],
      ]);
      const log = await database.db.select().from(auditLog);
      expect(log.every((e) => e.operatorEmail === "command-line")).toBe(true);
      expect(log).toHaveLength(2);
    } finally {
      await database.close();
    }
  }, 60_000);
});
