/** Users: registration, and the API shape of the signed-in user (schemas/stored/user). */
import { and, eq, isNull } from "drizzle-orm";
import type { UserRow } from "../auth/sessions";
import type { Clock } from "../clock";
import type { Deps, TeamContext } from "../context";
import type { Db } from "../db/client";
import { first } from "../db/query";
import { teamMembers, teams, users } from "../db/tables";
import { transaction } from "../db/transaction";
import { newId } from "../ids";
import { logActivity } from "./activity";
import { notificationShape, notificationsPage, unreadNotificationsCount } from "./notifications";
import { createTeam, teamShape } from "./teams";

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return await first(
    db
      .select()
      .from(users)
      .where(and(eq(users.email, email), isNull(users.deletedAt))),
  );
}

/** A new user with a default team on the basic plan (decisions.md "Sign-in"). */
export async function registerUser(
  db: Db,
  clock: Clock,
  input: { email: string; name: string; locale?: string },
): Promise<UserRow> {
  return transaction(db, async (tx) => {
    const now = clock().toISOString();
    const user: UserRow = {
      id: newId(),
      name: input.name,
      email: input.email,
      locale: input.locale ?? "en",
      grade: null,
      profilePicture: null,
      currentTeamId: null,
      retweetRate: null,
      lastReadNotificationId: null,
      createdAt: now,
      deletedAt: null,
    };
    await tx.insert(users).values(user);
    const team = await createTeam(tx, clock, {
      name: `${input.name}'s team`,
      ownerId: user.id,
      isDefault: true,
    });
    await tx.update(users).set({ currentTeamId: team.id }).where(eq(users.id, user.id));
    await logActivity(tx, clock, {
      teamId: team.id,
      type: "createTeam",
      userId: user.id,
      meta: { team: { name: team.name } },
    });
    return { ...user, currentTeamId: team.id };
  });
}

export async function userShape(deps: Pick<Deps, "db" | "catalog">, user: UserRow, ctx: TeamContext | null) {
  const { db, catalog } = deps;
  const memberships = await db
    .select({ team: teams, member: teamMembers })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, user.id), isNull(teams.deletedAt)));
  const who = { userId: user.id, teamId: ctx?.team.id ?? null };
  const list = await notificationsPage(db, who);
  const unread = await unreadNotificationsCount(db, { ...who, lastReadId: user.lastReadNotificationId });
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    profile_picture: user.profilePicture,
    locale: user.locale,
    grade: user.grade === "admin" ? ("admin" as const) : null,
    type: "brand",
    current_team_id: ctx?.team.id ?? null,
    currentTeam: ctx ? teamShape(catalog, ctx.team) : null,
    permissions: ctx?.permissions ?? {},
    teams: memberships.map((m) => ({
      _id: m.team.id,
      name: m.team.name,
      profile_picture: null,
      plan: m.team.plan,
      role: m.member.role === "owner" ? "owner" : "member",
    })),
    notifications: {
      list: list.map((n) => notificationShape(n, user.lastReadNotificationId)),
      new_count: unread,
    },
    retweet_rate: user.retweetRate,
    deleted_at: user.deletedAt,
  };
}
