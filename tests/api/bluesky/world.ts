/**
 * The Bluesky tests' world: the stand-in service on 127.0.0.1, a real app (on the engine under test) whose
 * BLUESKY_SERVICE_URL points at it and whose log lines are kept (to look for secrets in them), a signed-in owner
 * on the business plan.
 */

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { first, rawAll } from "../../../api/db/query";
import { accounts } from "../../../api/db/tables";
import { driverFor } from "../../../api/drivers";
import { readEnv } from "../../../api/env";
import { storedAccount } from "../../../api/services/accounts";
import { type Session, signIn } from "../../helpers/api-client";
import { BlueskyStandIn, BRAND } from "../../helpers/bluesky-standin";
import { createTestApp, sqliteConnection } from "../../helpers/test-app";
import { currentTeamId, setPlan } from "../../helpers/world";

export const LINK = "/api/v1/teams/current/accounts/link";

export async function blueskyWorld() {
  const service = await new BlueskyStandIn().start();
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const clock = { now: Date.parse("2026-11-20T10:00:00.000Z") };
  const t = await createTestApp({
    env: {
      blueskyServiceUrl: readEnv({ NODE_ENV: "test", BLUESKY_SERVICE_URL: service.url }).blueskyServiceUrl,
      logLevel: "trace",
    },
    clock: () => new Date(clock.now),
    logger: pino({ level: "trace" }, sink),
  });
  const { app, deps, db, env, dir } = t;
  const owner: Session = await signIn(t, "olive@brand.example", "Olive");
  const teamId = await currentTeamId(t, owner.userId);
  await setPlan(t, teamId, "business");

  /** Links the fixture's brand account through the API (handle + app password). */
  const linkBrand = async () => {
    const res = await owner.call("POST", LINK, {
      provider: "bluesky",
      identifier: BRAND.handle,
      app_password: BRAND.password,
    });
    if (res.status !== 201) throw new Error(`link answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { _id: string; external_id: string; screen_name: string };
  };
  const accountRow = async (id: string) => await first(db.select().from(accounts).where(eq(accounts.id, id)));
  const driverOf = async (id: string) => {
    const row = await accountRow(id);
    if (!row) throw new Error("no account");
    const provider = deps.catalog.providers.get("bluesky");
    if (!provider) throw new Error("no bluesky provider");
    const account = storedAccount(row);
    return { driver: driverFor(provider, deps, account), account, provider };
  };
  /**
   * Everything stored and every log line, as text: on SQLite every byte of the database (file and write-ahead
   * log); on PostgreSQL every row of every table.
   */
  const everythingStored = async () => {
    if (t.dialect === "sqlite") {
      sqliteConnection(t).pragma("wal_checkpoint(TRUNCATE)");
      const files = readdirSync(dir).filter((f) => f.startsWith("test.db"));
      return [...files.map((f) => readFileSync(path.join(dir, f)).toString("latin1")), ...logLines].join(
        "\n",
      );
    }
    const names = await rawAll<{ name: string }>(
      db,
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    const rows: string[] = [];
    for (const { name } of names) {
      rows.push(JSON.stringify(await rawAll(db, sql`SELECT * FROM ${sql.identifier(name)}`)));
    }
    return [...rows, ...logLines].join("\n");
  };
  return {
    service,
    app,
    deps,
    db,
    env,
    clock,
    owner,
    teamId,
    logLines,
    linkBrand,
    accountRow,
    driverOf,
    everythingStored,
    async close() {
      await service.stop();
      await t.cleanup();
    },
  };
}

export type BlueskyWorld = Awaited<ReturnType<typeof blueskyWorld>>;
