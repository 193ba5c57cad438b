/**
 * Building blocks for API tests that need more than one person or team: rows written directly where the
 * route under test is not the one that makes them (members, plans, freezes), plus the shapes of schemas/stored.
 */

import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import { expect } from "vitest";
import { first } from "../../api/db/query";
import { accounts, teamMembers, teams, users } from "../../api/db/tables";
import { newId } from "../../api/ids";
import { createTeam } from "../../api/services/teams";
import { createAjv } from "../../engine/ajv";
import { SCHEMAS_DIR } from "../../engine/node/load-schemas";
import { type Session, signIn } from "./api-client";
import type { TestApp } from "./test-app";

export async function currentTeamId(t: TestApp, userId: string): Promise<string> {
  const id = (await first(t.db.select().from(users).where(eq(users.id, userId))))?.currentTeamId;
  if (!id) throw new Error("the user has no current team");
  return id;
}

export async function defaultTeamId(t: TestApp, userId: string): Promise<string> {
  const team = await first(
    t.db
      .select()
      .from(teams)
      .where(and(eq(teams.ownerId, userId), eq(teams.isDefault, true))),
  );
  if (!team) throw new Error("no default team");
  return team.id;
}

export async function setPlan(t: TestApp, teamId: string, plan: string): Promise<void> {
  await t.db.update(teams).set({ plan }).where(eq(teams.id, teamId));
}

export async function freeze(
  t: TestApp,
  teamId: string,
  limitDate = "2030-01-31T00:00:00.000Z",
): Promise<void> {
  await t.db.update(teams).set({ frozenLimitDate: limitDate }).where(eq(teams.id, teamId));
}

/** A member row written directly (invites are not every test's business), made the user's current team. */
export async function addMember(
  t: TestApp,
  teamId: string,
  s: Pick<Session, "userId">,
  permissions: Record<string, boolean> | null = null,
): Promise<void> {
  await t.db
    .insert(teamMembers)
    .values({ teamId, userId: s.userId, role: "member", permissions, createdAt: new Date().toISOString() });
  await t.db.update(users).set({ currentTeamId: teamId }).where(eq(users.id, s.userId));
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

/** The JSON answer of a call a world is built with; throws with the answer when it failed. */
export async function made<T>(res: Response | Promise<Response>, what: string): Promise<T> {
  const answer = await res;
  if (!answer.ok) throw new Error(`${what} answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** A draft's (or template's) form with only a name: the rest is the schemas' defaults. */
export function formBody(
  t: TestApp,
  status: "draft" | "template",
  name: string,
  key?: string,
): Record<string, unknown> {
  const { defaults } = t.deps.catalog.builder;
  return {
    ...(key === undefined ? {} : { idempotency_key: key }),
    status,
    forPayment: false,
    base: { ...structuredClone(defaults.base), name },
    sources: [],
    summary: structuredClone(defaults.summary),
  };
}

/** A real 1×1 PNG; `n` bytes after its end make another file of the same type. */
export function png(n = 0): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  return new Uint8Array(Buffer.concat([bytes, Buffer.alloc(n, 0x20)]));
}

const UPLOAD_BOUNDARY = "----FairdrawWorldBoundary";

/** Uploads a file (as pixel.png) as this person into their current team; its uuid. */
export async function uploadFile(t: TestApp, s: Session, file: Uint8Array<ArrayBuffer>): Promise<string> {
  const head =
    `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="pixel.png"\r\n` +
    "Content-Type: image/png\r\n\r\n";
  const body = Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${UPLOAD_BOUNDARY}--\r\n`)]);
  const res = t.app.request("/api/v1/upload", {
    method: "POST",
    headers: {
      cookie: s.cookie,
      "x-csrf-token": s.csrf,
      "x-requested-with": "XMLHttpRequest",
      "content-type": `multipart/form-data; boundary=${UPLOAD_BOUNDARY}`,
    },
    body: new Uint8Array(body),
  });
  return (await made<{ uuid: string }>(res, "upload")).uuid;
}

/** A member of team A the world signs in and adds (A their current team), with these permissions. */
export type WorldMember = { email: string; name: string; permissions: Record<string, boolean> | null };

export type TeamWorldOptions<M extends string> = {
  /** Members of A besides Dave, by the name the test gives them. */
  members?: Record<M, WorldMember>;
  /** A's account invite: the network it asks for, and who accepts it (lending a personal account to A). */
  accountInvite: { provider: string; acceptedBy: "owner" | NoInfer<M> };
};

/** Team A and its objects, all made by the owner unless told. */
export type TeamWorld<M extends string = never> = {
  teamA: string;
  /** Olive, owner of A (a team of her own that is not her default team), A being her current team. */
  owner: Session;
  members: Record<M, Session>;
  /** A member of A who is none of the callers: the one removed or whose permissions are changed. */
  dave: { userId: string; email: string };
  /** A's active member invite. */
  invite: { id: string; key: string };
  /** An account A linked itself (twitter). */
  teamAccount: string;
  /** The personal account of whoever accepted A's account invite, lent to A: its id and the delegation's. */
  lentAccount: string;
  delegation: string;
  /** A draft, a template, an upload and a shortlink of A; two quick imports (classic contests) to merge. */
  draft: string;
  template: string;
  upload: string;
  shortlink: string;
  imports: [string, string];
};

/** Post links the world's quick imports are made from (a two-digit suffix each). */
export const WORLD_TWEET = "https://x.com/fairdraw/status/17900000000000000";

/**
 * Team A on the business plan with room for every object a test makes (the quotas are not what those tests are
 * about), its owner Olive, Dave and the given members, and A's objects: a member invite, a linked account, an
 * account lent through an account invite, a draft, a template, an upload, a shortlink and two quick imports.
 */
export async function buildTeamWorld<M extends string = never>(
  t: TestApp,
  options: TeamWorldOptions<M>,
): Promise<TeamWorld<M>> {
  const owner = await signIn(t, "olive@team-a.example", "Olive");
  const teamA = await createTeam(t.db, t.deps.clock, {
    name: "Team A",
    ownerId: owner.userId,
    plan: "business",
  });
  await t.db
    .update(teams)
    .set({ quotas: { members: 50, accounts: 50, drafts: 50, templates: 50, imports: 50 } })
    .where(eq(teams.id, teamA.id));
  await t.db.update(users).set({ currentTeamId: teamA.id }).where(eq(users.id, owner.userId));

  const members = {} as Record<M, Session>;
  for (const [key, m] of Object.entries(options.members ?? {}) as [M, WorldMember][]) {
    members[key] = await signIn(t, m.email, m.name);
    await addMember(t, teamA.id, members[key], m.permissions);
  }
  const dave = await signIn(t, "dave@team-a.example", "Dave");
  await addMember(t, teamA.id, dave, null);

  const A = "/api/v1/teams/current";
  const invite = await made<{ _id: string; key: string }>(
    owner.call("POST", `${A}/members/invite`, { email: "nina@team-a.example" }),
    "members/invite",
  );
  const teamAccount = await made<{ _id: string }>(
    owner.call("POST", `${A}/accounts/link`, { provider: "twitter" }),
    "accounts/link",
  );
  const accountInvite = await made<{ key: string }>(
    owner.call("POST", `${A}/accounts/invite`, { provider: options.accountInvite.provider }),
    "accounts/invite",
  );
  const { acceptedBy } = options.accountInvite;
  const lender = acceptedBy === "owner" ? owner : members[acceptedBy];
  const lent = await made<{ delegation: { delegation_id: string } }>(
    lender.call("POST", `/api/v1/invites/${accountInvite.key}/accept`),
    "account invite accept",
  );
  const lentAccount = await first(
    t.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, lender.userId), isNull(accounts.teamId))),
  );
  if (!lentAccount) throw new Error("the account invite left no personal account");

  const draft = await made<{ contest_id: string }>(
    owner.call("POST", `${A}/contests/create`, formBody(t, "draft", "Draft", "world-draft")),
    "contests/create",
  );
  const template = await made<{ template_id: string }>(
    owner.call("POST", `${A}/templates/create`, formBody(t, "template", "Template", "world-template")),
    "templates/create",
  );
  const upload = await uploadFile(t, owner, png());
  const shortlink = await made<{ _id: string }>(
    owner.call("POST", `${A}/shortlinks/create`, {
      type: "random",
      domain: "fdraw.co",
      url: "https://brand.example/",
    }),
    "shortlinks/create",
  );
  const quickImport = async (n: string) =>
    (
      await made<{ contest_id: string }>(
        owner.call("POST", `${A}/contests/quickdraw`, {
          provider: "twitter",
          matched: `${WORLD_TWEET}${n}`,
          confirm: true,
          name: `Import ${n}`,
        }),
        "contests/quickdraw",
      )
    ).contest_id;

  return {
    teamA: teamA.id,
    owner,
    members,
    dave: { userId: dave.userId, email: "dave@team-a.example" },
    invite: { id: invite._id, key: invite.key },
    teamAccount: teamAccount._id,
    lentAccount: lentAccount.id,
    delegation: lent.delegation.delegation_id,
    draft: draft.contest_id,
    template: template.template_id,
    upload,
    shortlink: shortlink._id,
    imports: [await quickImport("01"), await quickImport("02")],
  };
}
