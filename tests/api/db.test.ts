import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openSqlite, sqliteAsDb } from "../../api/db/client";
import { first } from "../../api/db/query";
import {
  accounts,
  activities,
  contests,
  invites,
  notifications,
  teamMembers,
  teams,
  users,
} from "../../api/db/schema";
import { CONTEST_NETWORKS, DEMO_EMAIL, seedDemo } from "../../api/db/seed";
import { BUILDER_NETWORKS } from "../helpers/schema-facts";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const fixedClock = () => new Date("2026-06-01T12:00:00.000Z");

describe("the database", () => {
  it("creates and migrates a new SQLite file in WAL mode with foreign keys on", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "fairdraw-db-"));
    const db = openSqlite(path.join(dir, "nested", "app.db"));
    expect(db.$client.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.$client.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(await db.select().from(users)).toEqual([]);
    db.$client.close();
    // Opening again applies nothing twice.
    const again = openSqlite(path.join(dir, "nested", "app.db"));
    expect(await again.select().from(users)).toEqual([]);
    again.$client.close();
  });

  it("seeds the demo team once: owner, business plan, sandbox accounts, members and contests", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "fairdraw-db-"));
    const db = openSqlite(path.join(dir, "app.db"));
    expect(await seedDemo(sqliteAsDb(db), fixedClock)).toEqual({ seeded: true });
    expect(await seedDemo(sqliteAsDb(db), fixedClock)).toEqual({ seeded: false });

    const owner = await first(db.select().from(users).where(eq(users.email, DEMO_EMAIL)));
    expect(owner).toBeDefined();
    const team = await first(
      db
        .select()
        .from(teams)
        .where(eq(teams.ownerId, owner?.id ?? "")),
    );
    expect(team?.plan).toBe("business");
    const teamId = team?.id ?? "";
    expect(
      (await db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId))).length,
    ).toBeGreaterThan(1);
    const providers = (await db.select().from(accounts).where(eq(accounts.teamId, teamId))).map(
      (a) => a.provider,
    );
    // The demo team's networks (seed data), each one the builder offers.
    expect(providers.sort()).toEqual([...CONTEST_NETWORKS].sort());
    for (const provider of providers) expect(BUILDER_NETWORKS).toContain(provider);
    const statuses = new Set((await db.select().from(contests)).map((c) => c.status));
    expect(statuses).toEqual(new Set(["draft", "planned", "started", "closed", "ended"]));
    const inviteStatuses = (await db.select().from(invites).where(eq(invites.teamId, teamId))).map(
      (i) => i.status,
    );
    expect(inviteStatuses).toEqual(["active"]);
    expect((await db.select().from(notifications)).length).toBeGreaterThanOrEqual(2);
    const types = new Set((await db.select().from(activities)).map((a) => a.type));
    expect(types).toEqual(
      new Set(["createTeam", "joinTeam", "addTeamAccount", "createInvite.member", "createContest"]),
    );
    db.$client.close();
  });

  it("compiles each query's SQL once, and a kept statement gives rows the way each caller asks", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "fairdraw-db-"));
    const db = openSqlite(path.join(dir, "app.db"));
    await db.insert(users).values({ id: "u1", name: "Una", email: "u@example.com", createdAt: "2026-06-01" });
    const select = db.select({ id: users.id, name: users.name }).from(users);
    const text = select.toSQL().sql;
    expect(db.$client.prepare(text)).toBe(db.$client.prepare(text));
    // drizzle reads a select's rows as arrays (raw) and maps them; a raw query of the same text wants objects.
    for (let round = 0; round < 2; round++) {
      expect(await select).toEqual([{ id: "u1", name: "Una" }]);
      expect(db.all(sql.raw(text))).toEqual([{ id: "u1", name: "Una" }]);
      expect(await first(select)).toEqual({ id: "u1", name: "Una" });
      expect(db.get(sql.raw(text))).toEqual({ id: "u1", name: "Una" });
    }
    // A statement that returns nothing is kept too (raw() would throw on it).
    const update = db.update(users).set({ name: "Una B" }).where(eq(users.id, "u1"));
    await update;
    await db.update(users).set({ name: "Una B" }).where(eq(users.id, "u1"));
    expect((await select)[0]?.name).toBe("Una B");
    db.$client.close();
  });

  it("refuses a row that points at a missing team (foreign keys are enforced)", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "fairdraw-db-"));
    const db = openSqlite(path.join(dir, "app.db"));
    const now = new Date().toISOString();
    await expect(
      db.insert(contests).values({
        id: "c1",
        teamId: "missing",
        name: "x",
        status: "draft",
        createdAt: now,
        updatedAt: now,
      }),
    ).rejects.toThrow(/FOREIGN KEY/);
    db.$client.close();
  });
});
