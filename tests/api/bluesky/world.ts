/**
 * The Bluesky tests' world: a real app (on the engine under test) whose BLUESKY_SERVICE_URL points at the real
 * AT Protocol network of the run (blueskyWorld: the PDS of tests/setup/atproto.ts, with a brand account of its own)
 * or at the stand-in (standInWorld: for what the local network lacks: chat.bsky.* messages, rate-limit headers,
 * failures on demand), whose log lines are kept (to look for secrets in them), a signed-in owner on the business
 * plan.
 */

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { inject } from "vitest";
import { first, rawAll } from "../../../api/db/query";
import { accounts } from "../../../api/db/tables";
import { driverFor } from "../../../api/drivers";
import { readEnv } from "../../../api/env";
import { storedAccount } from "../../../api/services/accounts";
import { type Session, signIn } from "../../helpers/api-client";
import { createPerson, type Person } from "../../helpers/atproto/accounts";
import { settle } from "../../helpers/atproto/network";
import { BlueskyStandIn, BRAND } from "../../helpers/bluesky-standin";
import { createTestApp, sqliteConnection } from "../../helpers/test-app";
import { currentTeamId, setPlan } from "../../helpers/world";

export const LINK = "/api/v1/teams/current/accounts/link";

/** The app on the real network: `brand` is a new account of its own, `person` makes others, `settle` waits for
 * the AppView to have indexed what was written. */
export async function blueskyWorld() {
  const network = inject("atproto");
  const brand = await createPerson(network.pds, "brand", {
    displayName: "Brand & Co",
    createdAt: "2023-04-12T09:21:44.103Z",
  });
  await settle(network);
  const world = await appWorld(network.pds, { handle: brand.handle, password: brand.appPassword });
  return {
    ...world,
    network,
    brand,
    person: (name: string, profile?: Parameters<typeof createPerson>[2]) =>
      createPerson(network.pds, name, profile),
    settle: () => settle(network),
  };
}

export type BlueskyWorld = Awaited<ReturnType<typeof blueskyWorld>>;
export type { Person };

/** The app on the stand-in service, with its fixture accounts. */
export async function standInWorld() {
  const service = await new BlueskyStandIn().start();
  const world = await appWorld(service.url, BRAND, Date.parse("2026-11-20T10:00:00.000Z"));
  return {
    ...world,
    service,
    async close() {
      await service.stop();
      await world.close();
    },
  };
}

export type StandInWorld = Awaited<ReturnType<typeof standInWorld>>;

async function appWorld(
  serviceUrl: string,
  brand: { handle: string; password: string },
  clockStart = Math.floor(Date.now() / 1000) * 1000,
) {
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  // The real network dates what it records by the real clock: the app's starts there, to the second.
  const clock = { now: clockStart };
  const t = await createTestApp({
    env: {
      blueskyServiceUrl: readEnv({ NODE_ENV: "test", BLUESKY_SERVICE_URL: serviceUrl }).blueskyServiceUrl,
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
      identifier: brand.handle,
      app_password: brand.password,
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
      await t.cleanup();
    },
  };
}
