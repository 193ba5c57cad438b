/**
 * The realtime hub over the bus (api/services/realtime.ts, realtime-bus.ts): on PostgreSQL two hubs on one
 * database stand for two processes, each with its own sockets; what one is asked reaches the sockets of the
 * other, after commit and never for a rolled-back change; a notification too large for NOTIFY goes by id; a
 * dropped LISTEN connection makes the hub tell its sockets to refresh. In-process (SQLite) the hub delivers at
 * once. Without PostgreSQL its half says so loudly and is not run (CI sets FAIRDRAW_REQUIRE_POSTGRES=1).
 */
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type PgDb } from "../../api/db/pg/client";
import { MAX_PAYLOAD_BYTES } from "../../api/db/pg/notify-bus";
import { pgTransaction } from "../../api/db/transaction";
import { RealtimeHub, type RealtimeSocket } from "../../api/services/realtime";
import { fitPayload, postgresBus } from "../../api/services/realtime-bus";
import { connectionsGone } from "../helpers/pg-connections";
import {
  createTestDatabase,
  postgresUnavailable,
  startTestPostgres,
  type TestPostgres,
} from "../helpers/postgres";

const unavailable = postgresUnavailable();
const pgRuns = unavailable === null || process.env.FAIRDRAW_REQUIRE_POSTGRES === "1";
if (!pgRuns) console.warn(`\n!!! realtime bus on PostgreSQL NOT RUN: ${unavailable}.\n`);

/** A socket that records what it was sent and whether it was closed. */
function socket() {
  const sent: unknown[] = [];
  let closed: number | undefined;
  const s: RealtimeSocket = {
    send: (data) => sent.push(JSON.parse(data)),
    close: (code) => {
      closed = code;
    },
  };
  return { s, sent, closed: () => closed };
}

const silent = pino({ level: "silent" });

describe("the realtime hub in one process", () => {
  it("delivers at once to the matching sockets, and moves and closes them", async () => {
    const hub = new RealtimeHub();
    await hub.ready();
    const ann = socket();
    const bo = socket();
    hub.add(ann.s, { userId: "ann", teamId: "t1", sessionId: "s-ann" });
    hub.add(bo.s, { userId: "bo", teamId: "t2", sessionId: "s-bo" });
    hub.toTeam("t1", { type: "load_contest", contest_id: "c1" });
    hub.toUser("bo", { type: "refresh_user" });
    expect(ann.sent).toEqual([{ type: "load_contest", contest_id: "c1" }]);
    expect(bo.sent).toEqual([{ type: "refresh_user" }]);
    hub.moveUser("bo", "t1");
    hub.toTeam("t1", { type: "load_contest", contest_id: "c2" });
    expect(bo.sent).toContainEqual({ type: "load_contest", contest_id: "c2" });
    hub.closeSession("s-ann");
    expect(ann.closed()).toBe(4401);
    expect(hub.size).toBe(1);
  });

  it("sends a notification too large for one NOTIFY as its id, and a small one as it is", () => {
    const to = { userId: "ann" };
    const small = {
      kind: "send",
      to,
      event: { type: "add_notification", notification: { _id: "n1" } },
    } as const;
    expect(fitPayload(small)).toBe(small);
    const big = {
      kind: "send",
      to,
      event: { type: "add_notification", notification: { _id: "n2", text: "x".repeat(MAX_PAYLOAD_BYTES) } },
    } as const;
    expect(fitPayload(big)).toEqual({ kind: "send_notification", to, notificationId: "n2" });
  });
});

describe.runIf(pgRuns)("the realtime hub across processes, on PostgreSQL", () => {
  let server: TestPostgres | undefined;
  let drop: (() => Promise<void>) | undefined;
  let url: string;
  let db: PgDb;
  const hubs: RealtimeHub[] = [];
  const stored = new Map<string, unknown>();

  /** A hub as a process has it: its own pool for NOTIFY, its own LISTEN connection. */
  async function startProcess(): Promise<RealtimeHub> {
    const pool = await openPostgres(url, { max: 2 });
    const bus = postgresBus({ db: pool, url, logger: silent });
    const hub = new RealtimeHub({ bus, loadNotification: async (id) => stored.get(id) });
    const close = hub.close.bind(hub);
    hub.close = async () => {
      await close();
      await pool.$client.end();
    };
    hubs.push(hub);
    await hub.ready();
    return hub;
  }

  beforeAll(async () => {
    server = await startTestPostgres();
    const database = await createTestDatabase(server.adminUrl);
    drop = database.drop;
    url = database.url;
    db = await openPostgres(url, { max: 2 });
  }, 120_000);
  afterAll(async () => {
    for (const hub of hubs) await hub.close();
    await db?.$client.end();
    await connectionsGone(url);
    await drop?.();
    await server?.stop();
  }, 60_000);

  it("reaches a socket of the other process: to a user, to a team, after a move, and closes its session", async () => {
    const first = await startProcess();
    const second = await startProcess();
    const ann = socket();
    const mine = socket();
    second.add(ann.s, { userId: "ann", teamId: "t1", sessionId: "s-ann" });
    first.add(mine.s, { userId: "ann", teamId: "t1", sessionId: "s-ann-2" });
    first.toUser("ann", { type: "refresh_user" });
    first.toTeam("t1", { type: "load_contest", contest_id: "c1" });
    const expected = [{ type: "refresh_user" }, { type: "load_contest", contest_id: "c1" }];
    // The sender's own sockets have heard its messages once it is settled.
    await first.settled();
    expect(mine.sent).toEqual(expected);
    await expect.poll(() => ann.sent).toEqual(expected);
    // The sender's own sockets hear it the same way.
    await expect.poll(() => mine.sent).toEqual(expected);
    first.moveUser("ann", "t2");
    first.toTeam("t2", { type: "load_contest", contest_id: "c2" });
    await expect.poll(() => ann.sent).toContainEqual({ type: "load_contest", contest_id: "c2" });
    first.closeSession("s-ann");
    await expect.poll(() => ann.closed()).toBe(4401);
    await expect.poll(() => second.size).toBe(0);
    expect(mine.closed()).toBeUndefined();
  });

  it("sends at commit, in the order asked, and nothing for a rolled-back transaction", async () => {
    const first = await startProcess();
    const second = await startProcess();
    const bo = socket();
    second.add(bo.s, { userId: "bo", teamId: "t9", sessionId: "s-bo" });
    const transaction = pgTransaction(db);
    await expect(
      transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        first.toUser("bo", { type: "load_contest", contest_id: "rolled-back" });
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    // Nothing was sent: settled (every message of this process heard back) resolves with nothing delivered.
    await first.settled();
    await second.settled();
    expect(bo.sent).toEqual([]);
    await transaction(async (tx) => {
      first.toUser("bo", { type: "load_contest", contest_id: "committed" });
      await tx.execute(sql`SELECT 1`);
      // Not sent before the commit.
      await new Promise((r) => setTimeout(r, 100));
      expect(bo.sent).toEqual([]);
    });
    for (let i = 0; i < 20; i++) first.toUser("bo", { type: "load_contest", contest_id: `c${i}` });
    await expect.poll(() => bo.sent.length).toBe(21);
    expect(bo.sent).toEqual([
      { type: "load_contest", contest_id: "committed" },
      ...Array.from({ length: 20 }, (_, i) => ({ type: "load_contest", contest_id: `c${i}` })),
    ]);
  });

  it("delivers a notification larger than NOTIFY allows, loaded by id in the receiving process", async () => {
    const first = await startProcess();
    const second = await startProcess();
    const cy = socket();
    second.add(cy.s, { userId: "cy", teamId: null, sessionId: "s-cy" });
    const notification = { _id: "n-big", content: { description: "é".repeat(6000) } };
    stored.set("n-big", notification);
    first.toUser("cy", { type: "add_notification", notification });
    await expect.poll(() => cy.sent).toEqual([{ type: "add_notification", notification }]);
  });

  it("tells its sockets to refresh when its LISTEN connection dropped and came back", async () => {
    const lone = await startProcess();
    const dee = socket();
    lone.add(dee.s, { userId: "dee", teamId: "t1", sessionId: "s-dee" });
    const killed = await db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = current_database() AND query = 'LISTEN fairdraw_realtime'`,
    );
    expect(killed.rowCount).toBeGreaterThanOrEqual(1);
    await expect.poll(() => dee.sent, { timeout: 10_000 }).toContainEqual({ type: "refresh_user" });
  });
});
