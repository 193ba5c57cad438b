/**
 * The Bluesky tests' world: the stand-in service on 127.0.0.1, a real app (real SQLite file) whose
 * BLUESKY_SERVICE_URL points at it and whose log lines are kept (to look for secrets in them), a signed-in owner
 * on the business plan.
 */

import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import pino from "pino";
import { createApp } from "../../../api/app";
import { openDatabase } from "../../../api/db/client";
import { first } from "../../../api/db/query";
import { accounts } from "../../../api/db/schema";
import { createDeps } from "../../../api/deps";
import { driverFor } from "../../../api/drivers";
import { readEnv } from "../../../api/env";
import { storedAccount } from "../../../api/services/accounts";
import { type Session, signIn } from "../../helpers/api-client";
import { BlueskyStandIn, BRAND } from "../../helpers/bluesky-standin";
import { currentTeamId, setPlan } from "../../helpers/world";

export const LINK = "/api/v1/teams/current/accounts/link";

export async function blueskyWorld() {
  const service = await new BlueskyStandIn().start();
  const dir = mkdtempSync(path.join(tmpdir(), "fairdraw-bluesky-"));
  const env = {
    ...readEnv({ NODE_ENV: "test", BLUESKY_SERVICE_URL: service.url }),
    databaseUrl: path.join(dir, "test.db"),
    uploadDir: path.join(dir, "uploads"),
    webDist: path.join(dir, "no-web-build"),
    logLevel: "trace" as const,
  };
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const db = openDatabase(env.databaseUrl);
  const clock = { now: Date.parse("2026-11-20T10:00:00.000Z") };
  const deps = createDeps({
    env,
    db,
    clock: () => new Date(clock.now),
    logger: pino({ level: "trace" }, sink),
  });
  const { app } = createApp(deps);
  const t = { app, deps, db, env, dir, cleanup: () => {} };
  const owner: Session = await signIn(t as never, "olive@brand.example", "Olive");
  const teamId = await currentTeamId(t as never, owner.userId);
  await setPlan(t as never, teamId, "business");

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
  /** Every byte of the database (file and write-ahead log) and every log line, as text. */
  const everythingStored = () => {
    db.$client.pragma("wal_checkpoint(TRUNCATE)");
    const files = readdirSync(dir).filter((f) => f.startsWith("test.db"));
    return [...files.map((f) => readFileSync(path.join(dir, f)).toString("latin1")), ...logLines].join("\n");
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
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type BlueskyWorld = Awaited<ReturnType<typeof blueskyWorld>>;
