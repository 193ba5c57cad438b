/**
 * Building blocks for API tests that need more than one person or team: rows written directly where the
 * route under test is not the one that makes them (members, plans, freezes), plus the shapes of schemas/stored.
 */

import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { teamMembers, teams, users } from "../../api/db/schema";
import { newId } from "../../api/ids";
import { createAjv } from "../../engine/ajv";
import { SCHEMAS_DIR } from "../../engine/node/load-schemas";
import type { Session } from "./api-client";
import type { TestApp } from "./test-app";

export function currentTeamId(t: TestApp, userId: string): string {
  const id = t.db.select().from(users).where(eq(users.id, userId)).get()?.currentTeamId;
  if (!id) throw new Error("the user has no current team");
  return id;
}

export function defaultTeamId(t: TestApp, userId: string): string {
  const team = t.db
    .select()
    .from(teams)
    .where(and(eq(teams.ownerId, userId), eq(teams.isDefault, true)))
    .get();
  if (!team) throw new Error("no default team");
  return team.id;
}

export function setPlan(t: TestApp, teamId: string, plan: string): void {
  t.db.update(teams).set({ plan }).where(eq(teams.id, teamId)).run();
}

export function freeze(t: TestApp, teamId: string, limitDate = "2030-01-31T00:00:00.000Z"): void {
  t.db.update(teams).set({ frozenLimitDate: limitDate }).where(eq(teams.id, teamId)).run();
}

/** A member row written directly (invites are not every test's business), made the user's current team. */
export function addMember(
  t: TestApp,
  teamId: string,
  s: Pick<Session, "userId">,
  permissions: Record<string, boolean> | null = null,
): void {
  t.db
    .insert(teamMembers)
    .values({ teamId, userId: s.userId, role: "member", permissions, createdAt: new Date().toISOString() })
    .run();
  t.db.update(users).set({ currentTeamId: teamId }).where(eq(users.id, s.userId)).run();
}

/** What a user's open sockets hear: the type of each realtime event pushed to them. */
export function listen(t: TestApp, userId: string, teamId: string | null): string[] {
  const heard: string[] = [];
  t.deps.realtime.add(
    { send: (data) => heard.push(JSON.parse(data).type), close: () => {} },
    { userId, teamId, sessionId: newId() },
  );
  return heard;
}

const shapes = createAjv();

/** Asserts a body has the shape of a stored schema ("stored/invite"). */
export function expectShape(name: string, body: unknown): void {
  const file = path.join(SCHEMAS_DIR, `${name}.schema.json`);
  const schema = JSON.parse(readFileSync(file, "utf8")) as { $id: string };
  const validate = shapes.getSchema(schema.$id) ?? shapes.compile(schema);
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
}
