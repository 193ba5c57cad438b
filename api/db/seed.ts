/**
 * The demo team seeded on first start (decisions.md "Sign-in"): the owner demo@fairdraw.test, a team on the
 * business plan, a sandbox account for every network that can host a contest, a few members, contests in
 * several statuses and shortlinks with visits; and an administrator, admin@fairdraw.test, for the /admin pages.
 * Runs once: it does nothing when any user exists. On PostgreSQL the check and the seed run under the lock the
 * migrations take (SETUP_LOCK), so of several processes starting at once on an empty database one seeds and the
 * others, once it committed, find a user and go on.
 */

import { eq, inArray, sql } from "drizzle-orm";
import type { Clock } from "../clock";
import { sharedCatalog } from "../deps";
import { sandboxHandle } from "../drivers/sandbox";
import { newId } from "../ids";
import type { Db } from "./client";
import { dialectOf } from "./dialect";
import { SETUP_LOCK } from "./pg/client";
import { first } from "./query";
import { INSTANT_WIN_CONTEST, seedContestResults } from "./seed-lifecycle";
import { seedShortlinks } from "./seed-shortlinks";
import { accounts, activities, contests, invites, notifications, teamMembers, teams, users } from "./tables";
import { transaction } from "./transaction";

export const DEMO_EMAIL = "demo@fairdraw.test";
/** A Fairdraw administrator (grade admin) with a team of their own, so the /admin pages can be tried locally. */
export const ADMIN_EMAIL = "admin@fairdraw.test";

export const CONTEST_NETWORKS = [
  "facebook",
  "twitter",
  "bluesky",
  "youtube",
  "instagram",
  "threads",
  "tiktok",
] as const;

/** Alice may build and run contests; Bob keeps the catalogue's defaults (view contests and templates). */
const MEMBERS: { name: string; email: string; permissions: Record<string, boolean> | null }[] = [
  {
    name: "Alice Martin",
    email: "alice@fairdraw.test",
    permissions: {
      "team.contests.create_contests": true,
      "team.contests.update_contests": true,
      "team.contests.create_drafts": true,
      "team.contests.update_drafts": true,
      "team.contests.load_entries": true,
      "team.contests.do_testdraw": true,
      "team.activity.view_activity": true,
    },
  },
  { name: "Bob Tanaka", email: "bob@fairdraw.test", permissions: null },
];

const DAY = 86_400_000;

/** The seeded invite key: anyone who knows it (it is in this file) joins the demo team. */
export const DEMO_INVITE_KEY = "demo-invite-carol";

/**
 * What in a database shows the demo was seeded: its users (the demo owner, the members, the administrator) or
 * its known invite key. A production server refuses to start on it unless SEED_DEMO=true (api/server.ts).
 */
export async function demoDataFound(db: Db): Promise<string[]> {
  const emails = [DEMO_EMAIL, ADMIN_EMAIL, ...MEMBERS.map((m) => m.email)];
  const found = (await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map(
    (u) => u.email,
  );
  const invite = await first(
    db.select({ key: invites.key }).from(invites).where(eq(invites.key, DEMO_INVITE_KEY)),
  );
  return invite ? [...found, `invite ${invite.key}`] : found;
}

/** Whether any user exists: the demo (or real data) is there already. */
async function anyUser(db: Db): Promise<boolean> {
  return (await first(db.select({ id: users.id }).from(users).limit(1))) !== undefined;
}

export async function seedDemo(db: Db, clock: Clock): Promise<{ seeded: boolean }> {
  if (await anyUser(db)) return { seeded: false };
  const now = clock();
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
  const created = now.toISOString();
  // The demo team has a history: founded (and its accounts linked) before its oldest contest was made.
  const founded = at(-60 * DAY);

  return await transaction(db, async (tx) => {
    // Held until the commit; READ COMMITTED, so the check after it sees a seed another process committed.
    if (dialectOf(tx) === "postgresql") await tx.execute(sql`SELECT pg_advisory_xact_lock(${SETUP_LOCK})`);
    if (await anyUser(tx)) return { seeded: false };
    const ownerId = newId();
    const teamId = newId();
    await tx.insert(users).values({
      id: ownerId,
      name: "Demo Owner",
      email: DEMO_EMAIL,
      currentTeamId: teamId,
      createdAt: founded,
    });
    await tx.insert(teams).values({
      id: teamId,
      name: "Fairdraw Demo",
      ownerId,
      plan: "business",
      isDefault: true,
      createdAt: founded,
    });
    await tx.insert(teamMembers).values({ teamId, userId: ownerId, role: "owner", createdAt: founded });
    const activity = async (
      type: string,
      userId: string,
      meta: Record<string, unknown> = {},
      targetUserId?: string,
      createdAt = created,
    ) =>
      await tx
        .insert(activities)
        .values({ id: newId(), teamId, type, userId, targetUserId, meta, createdAt });
    await activity("createTeam", ownerId, { team: { name: "Fairdraw Demo" } }, undefined, founded);
    for (const m of MEMBERS) {
      const id = newId();
      await tx
        .insert(users)
        .values({ id, name: m.name, email: m.email, currentTeamId: teamId, createdAt: created });
      await tx
        .insert(teamMembers)
        .values({ teamId, userId: id, role: "member", permissions: m.permissions, createdAt: created });
      await activity("joinTeam", id);
    }
    await tx.insert(invites).values({
      id: newId(),
      key: DEMO_INVITE_KEY,
      teamId,
      type: "add_member",
      status: "active",
      email: "carol@fairdraw.test",
      senderId: ownerId,
      createdAt: created,
      sentAt: created,
      expiresAt: at(7 * DAY),
    });
    await activity("createInvite.member", ownerId, { invite: { key: DEMO_INVITE_KEY } });
    const notes: { userId?: string; teamId?: string; content: Record<string, unknown> }[] = [
      { userId: ownerId, content: { key: "welcome", data: { name: "Demo Owner" }, link: "/welcome" } },
      {
        teamId,
        content: { key: "contestStarted", data: { contest: "Launch week draw" }, link: "/contests/" },
      },
      {
        teamId,
        content: { key: "accountsLinked", data: { count: CONTEST_NETWORKS.length }, link: "/team/accounts" },
      },
    ];
    for (const n of notes) {
      await tx.insert(notifications).values({
        id: newId(),
        teamId: n.teamId ?? null,
        userId: n.userId ?? null,
        content: n.content,
        createdAt: created,
      });
    }
    // The process's catalogue (loaded once; the app's dependencies reuse it).
    const definitions = sharedCatalog().providers;
    for (const [i, provider] of CONTEST_NETWORKS.entries()) {
      // A handle each network accepts (the builder excludes the team's own accounts by default and checks them).
      const screenName = sandboxHandle(definitions.get(provider) ?? { name: provider }, "fairdrawdemo");
      await activity(
        "addTeamAccount",
        ownerId,
        { account: { name: screenName, profile_picture: null, provider } },
        undefined,
        founded,
      );
      await tx.insert(accounts).values({
        id: newId(),
        teamId,
        provider,
        externalId: String(1000 + i),
        name: `Fairdraw Demo (${provider})`,
        screenName,
        sandbox: true,
        linkedAt: founded,
      });
    }
    const adminId = newId();
    const adminTeamId = newId();
    await tx.insert(users).values({
      id: adminId,
      name: "Ada Admin",
      email: ADMIN_EMAIL,
      grade: "admin",
      currentTeamId: adminTeamId,
      createdAt: created,
    });
    await tx.insert(teams).values({
      id: adminTeamId,
      name: "Fairdraw Support",
      ownerId: adminId,
      isDefault: true,
      createdAt: created,
    });
    await tx
      .insert(teamMembers)
      .values({ teamId: adminTeamId, userId: adminId, role: "owner", createdAt: created });
    const demoContests = [
      { name: "Summer giveaway", status: "planned", startAt: at(2 * DAY), closeAt: at(9 * DAY) },
      { name: "Launch week draw", status: "started", startAt: at(-1 * DAY), closeAt: at(6 * DAY) },
      { name: "Spring quiz", status: "closed", startAt: at(-10 * DAY), closeAt: at(-1 * DAY) },
      { name: "New year contest", status: "ended", startAt: at(-40 * DAY), closeAt: at(-30 * DAY) },
      { name: INSTANT_WIN_CONTEST, status: "ended", startAt: at(-20 * DAY), closeAt: at(-13 * DAY) },
      { name: "Autumn draft", status: "draft", startAt: null, closeAt: null },
    ];
    for (const c of demoContests) {
      const contestId = newId();
      // Made a day before a start that has passed (made now, a contest would read as created after it started).
      const made =
        c.startAt !== null && c.startAt < created
          ? new Date(Date.parse(c.startAt) - DAY).toISOString()
          : created;
      if (c.status !== "draft") {
        const meta = { contest: { _id: contestId, name: c.name } };
        await activity("createContest", ownerId, meta, undefined, made);
      }
      await tx.insert(contests).values({
        id: contestId,
        teamId,
        name: c.name,
        status: c.status,
        startAt: c.startAt,
        closeAt: c.closeAt,
        sandbox: true,
        createdBy: ownerId,
        createdAt: made,
        updatedAt: made,
      });
    }
    // Sources, entrants, winning moments and final draws of the contests past their start (seed-lifecycle).
    await seedContestResults(tx, clock, teamId, ownerId);
    // Two shortlinks, one with three weeks of visits for its statistics (api/db/seed-shortlinks.ts).
    await seedShortlinks(tx, clock, teamId, ownerId);
    return { seeded: true };
  });
}
