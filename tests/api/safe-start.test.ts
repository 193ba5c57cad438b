/**
 * Safe by default: production never carries the demo (nor starts on a database that holds it unless asked), the
 * dev mailbox answers only to this machine, and settings the server does not understand stop it by name.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDb } from "../../api/db/client";
import { seedDemo } from "../../api/db/seed";
import { users } from "../../api/db/tables";
import { EnvError, readEnv } from "../../api/env";
import { readLimits } from "../../api/limits";
import { startServer } from "../../api/server";
import { fromAddress } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { testDatabase } from "../helpers/test-database";

const PRODUCTION = {
  NODE_ENV: "production",
  SMTP_URL: "smtp://mail.invalid:25",
  SHORTLINK_SECRET: "0123456789abcdef0123456789abcdef",
  ACCOUNT_SECRET_KEY: "fedcba9876543210fedcba9876543210",
  LOG_LEVEL: "silent",
};

const dirs: string[] = [];
const drops: (() => Promise<void>)[] = [];
/** A temporary folder and a database of the engine under test (a file in the folder, or a PostgreSQL database). */
async function tempDir(): Promise<{ dir: string; databaseUrl: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), "fairdraw-safe-"));
  dirs.push(dir);
  const database = await testDatabase(dir);
  drops.push(database.drop);
  return { dir, databaseUrl: database.url };
}
let t: TestApp | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
  for (const drop of drops.splice(0)) await drop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function productionEnv(
  { dir, databaseUrl }: { dir: string; databaseUrl: string },
  extra: Record<string, string> = {},
) {
  return {
    ...readEnv({ ...PRODUCTION, ...extra }),
    host: "127.0.0.1",
    port: 0,
    databaseUrl,
    uploadDir: path.join(dir, "uploads"),
    webDist: path.join(dir, "no-web"),
  };
}

describe("production start", () => {
  it("does not seed the demo by default, and has no dev mailbox", async () => {
    expect(readEnv(PRODUCTION).seedDemo).toBe(false);
    expect(readEnv({}).seedDemo).toBe(true);
    const dir = await tempDir();
    const server = await startServer(productionEnv(dir));
    try {
      expect(server.seeded).toBe(false);
      expect(server.devMailbox).toBe(false);
      const mailbox = await fetch(`http://127.0.0.1:${server.port}/api/dev/mailbox`);
      expect(mailbox.status).toBe(404);
    } finally {
      await server.close();
    }
    const { db, close } = await openDb(dir.databaseUrl);
    expect(await db.select().from(users)).toEqual([]);
    await close();
  });

  it("refuses to start on a database holding the demo unless SEED_DEMO=true says so", async () => {
    const dir = await tempDir();
    const { db, close } = await openDb(dir.databaseUrl);
    await seedDemo(db, () => new Date());
    await close();
    await expect(startServer(productionEnv(dir))).rejects.toThrow(EnvError);
    await expect(startServer(productionEnv(dir))).rejects.toThrow(
      /demo data.*demo-invite-carol.*SEED_DEMO=true/s,
    );
    const server = await startServer(productionEnv(dir, { SEED_DEMO: "true" }));
    await server.close();
  });
});

describe("the dev mailbox", () => {
  it("answers to the loopback address only, and never through a proxy", async () => {
    t = await createTestApp();
    expect((await t.app.request("/api/dev/mailbox", {}, fromAddress("127.0.0.1"))).status).toBe(200);
    expect((await t.app.request("/api/dev/mailbox", {}, fromAddress("::1"))).status).toBe(200);
    expect((await t.app.request("/api/dev/mailbox", {}, fromAddress("::ffff:127.0.0.1"))).status).toBe(200);
    expect((await t.app.request("/api/dev/mailbox", {}, fromAddress("192.168.1.20"))).status).toBe(404);
    const proxied = await t.app.request(
      "/api/dev/mailbox",
      { headers: { "x-forwarded-for": "203.0.113.9" } },
      fromAddress("127.0.0.1"),
    );
    expect(proxied.status).toBe(404);
  });

  it("answers a real request on 127.0.0.1", async () => {
    const { dir, databaseUrl } = await tempDir();
    const env = {
      ...readEnv({ NODE_ENV: "test" }),
      port: 0,
      databaseUrl,
      seedDemo: false,
    };
    const server = await startServer({
      ...env,
      uploadDir: path.join(dir, "u"),
      webDist: path.join(dir, "w"),
    });
    try {
      expect((await fetch(`http://127.0.0.1:${server.port}/api/dev/mailbox`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("keeps the server off a non-loopback HOST unless NODE_ENV=development is set on purpose", () => {
    expect(() => readEnv({ HOST: "0.0.0.0" })).toThrow(/dev mailbox.*NODE_ENV=development/s);
    expect(() => readEnv({ HOST: "192.168.1.5", NODE_ENV: "test" })).toThrow(EnvError);
    expect(readEnv({ HOST: "0.0.0.0", NODE_ENV: "development" }).host).toBe("0.0.0.0");
    expect(readEnv({ ...PRODUCTION, HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(readEnv({ HOST: "127.0.0.1" }).host).toBe("127.0.0.1");
    expect(readEnv({ HOST: "::1" }).host).toBe("::1");
  });
});

describe("DATABASE_URL", () => {
  it("stops at a scheme it does not understand instead of making a folder of it", () => {
    const cwd = process.cwd();
    expect(() => readEnv({ DATABASE_URL: "mysql://fairdraw@db.internal/fairdraw" })).toThrow(
      /DATABASE_URL "mysql:\.\.\." is not supported/,
    );
    expect(existsSync(path.join(cwd, "mysql:"))).toBe(false);
    // PostgreSQL is served: its URL is kept as given, for the driver.
    expect(readEnv({ DATABASE_URL: "postgres://fairdraw@db.internal/fairdraw" }).databaseUrl).toBe(
      "postgres://fairdraw@db.internal/fairdraw",
    );
  });

  it("takes a path, file: URLs and :memory:", () => {
    expect(readEnv({ DATABASE_URL: "./data/x.db" }).databaseUrl).toBe("./data/x.db");
    expect(readEnv({ DATABASE_URL: "file:./data/x.db" }).databaseUrl).toBe("./data/x.db");
    expect(readEnv({ DATABASE_URL: "file:///var/lib/fairdraw.db" }).databaseUrl).toBe("/var/lib/fairdraw.db");
    expect(readEnv({ DATABASE_URL: ":memory:" }).databaseUrl).toBe(":memory:");
  });
});

describe("TRUST_PROXY and LIMITS", () => {
  it("refuses entries that are not addresses or ranges, and unknown limits", () => {
    expect(readEnv({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,::1" }).trustProxy).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
    ]);
    expect(() => readEnv({ TRUST_PROXY: "proxy.internal" })).toThrow(/TRUST_PROXY/);
    expect(() => readEnv({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
    expect(() => readLimits({ "no.such.limit": "1/1h" })).toThrow(/unknown limit/);
    expect(() => readLimits({ "mail.per_team": "many" })).toThrow(/max\/window/);
    expect(readLimits({ "mail.per_team": "7/2h" })["mail.per_team"]).toEqual({ max: 7, windowMs: 7_200_000 });
  });
});
