import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { first } from "../../api/db/query";
import { contests } from "../../api/db/tables";
import { newId } from "../../api/ids";
import type { RealtimeEvent } from "../../api/services/realtime";
import { type Session, signIn } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { addMember, currentTeamId, expectShape, freeze, setPlan } from "../helpers/world";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

const NOW = new Date("2030-05-02T09:30:00.000Z");
const mergePath = (id: string) => `/api/v1/teams/current/contests/${id}/merge`;

/** Olive, owner of her default team (her current one), on the business plan unless told. */
async function owner(app: TestApp, plan = "business") {
  const s = await signIn(app, "olive@brand.example", "Olive");
  const teamId = await currentTeamId(app, s.userId);
  await setPlan(app, teamId, plan);
  return { s, teamId };
}

/** A quick import through the API, with entries as if they had been loaded. */
async function imported(app: TestApp, s: Session, matched: string, entries = 0): Promise<string> {
  const res = await s.call("POST", "/api/v1/teams/current/contests/quickdraw", {
    provider: matched.includes("instagram") ? "instagram" : "twitter",
    matched,
    confirm: true,
    name: `Import ${matched.slice(-4)}`,
  });
  expect(res.status).toBe(201);
  const { contest_id } = (await res.json()) as { contest_id: string };
  await app.db.update(contests).set({ entriesCount: entries }).where(eq(contests.id, contest_id));
  return contest_id;
}

/** A contest row written directly (a builder contest, or one in a status an import cannot have yet). */
async function contestOf(
  app: TestApp,
  teamId: string,
  values: Partial<typeof contests.$inferInsert> = {},
): Promise<string> {
  const id = newId();
  const at = NOW.toISOString();
  await app.db.insert(contests).values({
    id,
    teamId,
    name: "Other",
    type: "classic",
    status: "started",
    createdAt: at,
    updatedAt: at,
    ...values,
  });
  return id;
}

async function row(app: TestApp, id: string) {
  const found = await first(app.db.select().from(contests).where(eq(contests.id, id)));
  if (!found) throw new Error(`no contest ${id}`);
  return found;
}

function listenTeam(app: TestApp, userId: string, teamId: string): RealtimeEvent[] {
  const heard: RealtimeEvent[] = [];
  app.deps.realtime.add(
    { send: (data) => heard.push(JSON.parse(data) as RealtimeEvent), close: () => {} },
    { userId, teamId, sessionId: newId() },
  );
  return heard;
}

async function merge(s: Session, id: string, body: unknown) {
  const res = await s.call("POST", mergePath(id), body);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("POST /teams/current/contests/:id/merge", () => {
  it("moves the sources and entries into the target and cancels the merged contest", async () => {
    t = await createTestApp({ clock: () => NOW });
    const { s, teamId } = await owner(t);
    const from = await imported(t, s, "https://x.com/fairdraw/status/1111", 5);
    const into = await imported(t, s, "https://www.instagram.com/p/C8xYz12AbCd", 7);
    const before = { from: await row(t, from), into: await row(t, into) };
    const heard = listenTeam(t, s.userId, teamId);

    const res = await merge(s, from, { target_contest_id: into });
    expect(res).toEqual({ status: 200, body: { success: true, contest_id: into } });

    const target = await row(t, into);
    expect(target.sources).toEqual([...(before.into.sources ?? []), ...(before.from.sources ?? [])]);
    expect(target.providers).toEqual(["instagram", "twitter"]);
    expect(target).toMatchObject({ entriesCount: 12, status: "started", mergedInto: null, canceledAt: null });
    for (const source of target.sources ?? []) expectShape("stored/source", source);

    expect(await row(t, from)).toMatchObject({
      status: "canceled",
      canceledAt: NOW.toISOString(),
      meta: { cancel_reason: "merged" },
      mergedInto: into,
      sources: [],
      providers: [],
      entriesCount: 0,
    });
    expect(heard).toEqual([
      { type: "load_contest", contest_id: from },
      { type: "load_contest", contest_id: into },
    ]);
  });

  it("merges a closed import too", async () => {
    t = await createTestApp({ clock: () => NOW });
    const { s, teamId } = await owner(t);
    const from = await imported(t, s, "https://x.com/fairdraw/status/1111");
    const into = await contestOf(t, teamId, { status: "closed", sources: [], providers: [] });
    expect((await merge(s, from, { target_contest_id: into })).status).toBe(200);
    expect((await row(t, into)).status).toBe("closed");
  });

  it("answers 409 with a key saying why two contests cannot be merged", async () => {
    t = await createTestApp({ clock: () => NOW });
    const { s, teamId } = await owner(t);
    const a = await imported(t, s, "https://x.com/fairdraw/status/1111");
    const b = await imported(t, s, "https://x.com/fairdraw/status/2222");
    const samePostAsA = await imported(t, s, "https://twitter.com/FairDraw/status/1111?s=20");
    const tunnel = await contestOf(t, teamId, { type: "tunnel" });
    const ended = await contestOf(t, teamId, { status: "ended" });
    const canceled = await contestOf(t, teamId, { status: "canceled", canceledAt: NOW.toISOString() });
    const heard = listenTeam(t, s.userId, teamId);

    const cases: [string, string, string][] = [
      [a, a, "mergeIntoItself"],
      [a, tunnel, "mergeNotClassic"],
      [tunnel, a, "mergeNotClassic"],
      [a, ended, "mergeContestFinished"],
      [canceled, a, "mergeContestFinished"],
      [samePostAsA, a, "mergeSamePost"],
    ];
    for (const [from, into, key] of cases) {
      const res = await merge(s, from, { target_contest_id: into });
      expect(res.status, key).toBe(409);
      expect(res.body).toEqual({ error: key, message: expect.any(String), uid: expect.any(String) });
    }
    expect(heard).toEqual([]);
    const fr = await s.call("POST", mergePath(a), { target_contest_id: a }, { "accept-language": "fr" });
    expect((await fr.json()).message).toBe("Un concours ne peut pas être fusionné avec lui-même.");

    expect((await merge(s, a, { target_contest_id: b })).status).toBe(200);
    expect((await merge(s, a, { target_contest_id: samePostAsA })).body.error).toBe("mergeAlreadyMerged");
    expect((await merge(s, samePostAsA, { target_contest_id: a })).body.error).toBe("mergeAlreadyMerged");
    expect(await row(t, samePostAsA)).toMatchObject({ status: "started", mergedInto: null });
  });

  it("answers 404 for a contest that is not the team's, whichever side it is on", async () => {
    t = await createTestApp({ clock: () => NOW });
    const { s } = await owner(t);
    const mine = await imported(t, s, "https://x.com/fairdraw/status/1111");
    const oscar = await signIn(t, "oscar@other.example", "Oscar");
    await setPlan(t, await currentTeamId(t, oscar.userId), "business");
    const theirs = await imported(t, oscar, "https://x.com/fairdraw/status/2222");
    const deleted = await imported(t, s, "https://x.com/fairdraw/status/3333");
    await t.db.update(contests).set({ deletedAt: NOW.toISOString() }).where(eq(contests.id, deleted));

    for (const [from, into] of [
      [mine, theirs],
      [theirs, mine],
      [mine, "nope"],
      ["nope", mine],
      [mine, deleted],
    ] as const) {
      const res = await merge(s, from, { target_contest_id: into });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe("notFound");
    }
    expect((await row(t, theirs)).status).toBe("started");
  });

  it("answers 422 on target_contest_id when it is missing or not a string", async () => {
    t = await createTestApp();
    const { s } = await owner(t);
    const a = await imported(t, s, "https://x.com/fairdraw/status/1111");
    expect(await merge(s, a, {})).toEqual({
      status: 422,
      body: {
        error: "validation",
        message: "The given data was invalid.",
        errors: { target_contest_id: ["Is required."] },
      },
    });
    const fr = await s.call("POST", mergePath(a), { target_contest_id: 12 }, { "accept-language": "fr" });
    expect(fr.status).toBe(422);
    expect(Object.keys((await fr.json()).errors)).toEqual(["target_contest_id"]);
  });

  it("answers 401, 403 without update_contests or multiContests, and 402 for a frozen team", async () => {
    t = await createTestApp();
    const { s, teamId } = await owner(t);
    const a = await imported(t, s, "https://x.com/fairdraw/status/1111");
    const b = await imported(t, s, "https://x.com/fairdraw/status/2222");
    const body = { target_contest_id: b };

    const anonymous = await t.app.request(mergePath(a), {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
      body: JSON.stringify(body),
    });
    expect(anonymous.status).toBe(401);

    const walt = await signIn(t, "walt@brand.example", "Walt");
    await addMember(t, teamId, walt, { "team.contests.import_contests": true });
    expect((await merge(walt, a, body)).body.error).toBe("permissionsForbidden");

    await setPlan(t, teamId, "professional"); // imports, but no multiContests
    const plan = await merge(s, a, body);
    expect(plan.status).toBe(403);
    expect(plan.body.error).toBe("planNotSupported");

    await setPlan(t, teamId, "business");
    await freeze(t, teamId);
    expect((await merge(s, a, body)).status).toBe(402);
    expect((await row(t, a)).status).toBe("started");
  });
});
