import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../api/db/client";
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
  it("creates and migrates a new SQLite file in WAL mode with foreign keys on", () => {
    dir = mkdtempSync(path.join(tmpdir(), "fairdraw-db-"));
    const db = openDatabase(path.join(dir, "nested", "app.db"));
    expect(db.$client.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.$client.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(db.select().from(users).all()).toEqual([]);
    db.$client.close();
    // Opening again applies nothing twice.
    const again = openDatabase(path.join(dir, "nested", "app.db"));
    expect(again.select().from(users).all()).toEqual([]);
    again.$client.close();
  });

  it("seeds the demo team once: owner, business plan, sandbox accounts, members and contests", () => {
    dir = mkdtempSync(path.join(tmpdir(), "fairdraw-db-"));
    const db = openDatabase(path.join(dir, "app.db"));
    expect(seedDemo(db, fixedClock)).toEqual({ seeded: true });
    expect(seedDemo(db, fixedClock)).toEqual({ seeded: false });

    const owner = db.select().from(users).where(eq(users.email, DEMO_EMAIL)).get();
    expect(owner).toBeDefined();
    const team = db
      .select()
      .from(teams)
      .where(eq(teams.ownerId, owner?.id ?? ""))
      .get();
    expect(team?.plan).toBe("business");
    const teamId = team?.id ?? "";
    expect(db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId)).all().length).toBeGreaterThan(
      1,
    );
    const providers = db
      .select()
      .from(accounts)
      .where(eq(accounts.teamId, teamId))
      .all()
      .map((a) => a.provider);
    // The demo team's networks (seed data), each one the builder offers.
    expect(providers.sort()).toEqual([...CONTEST_NETWORKS].sort());
    for (const provider of providers) expect(BUILDER_NETWORKS).toContain(provider);
    const statuses = new Set(
      db
        .select()
        .from(contests)
        .all()
        .map((c) => c.status),
    );
    expect(statuses).toEqual(new Set(["draft", "planned", "started", "closed", "ended"]));
    const inviteStatuses = db
      .select()
      .from(invites)
      .where(eq(invites.teamId, teamId))
      .all()
      .map((i) => i.status);
    expect(inviteStatuses).toEqual(["active"]);
    expect(db.select().from(notifications).all().length).toBeGreaterThanOrEqual(2);
    const types = new Set(
      db
        .select()
        .from(activities)
        .all()
        .map((a) => a.type),
    );
    expect(types).toEqual(
      new Set(["createTeam", "joinTeam", "addTeamAccount", "createInvite.member", "createContest"]),
    );
    db.$client.close();
  });

  it("refuses a row that points at a missing team (foreign keys are enforced)", () => {
    dir = mkdtempSync(path.join(tmpdir(), "fairdraw-db-"));
    const db = openDatabase(path.join(dir, "app.db"));
    const now = new Date().toISOString();
    expect(() =>
      db
        .insert(contests)
        .values({ id: "c1", teamId: "missing", name: "x", status: "draft", createdAt: now, updatedAt: now })
        .run(),
    ).toThrow(/FOREIGN KEY/);
    db.$client.close();
  });
});
