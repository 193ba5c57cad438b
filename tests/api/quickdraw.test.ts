import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { first } from "../../api/db/query";
import { accounts, activities, contests, teams } from "../../api/db/tables";
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

const QUICKDRAW = "/api/v1/teams/current/contests/quickdraw";
const TWEET = "https://x.com/fairdraw/status/1790000000000000000";
const IMPORT = { provider: "twitter", matched: TWEET, confirm: true, name: "Spring draw" };

/** Olive, owner of her default team (her current one), on the business plan unless told. */
async function owner(app: TestApp, plan = "business") {
  const s = await signIn(app, "olive@brand.example", "Olive");
  const teamId = await currentTeamId(app, s.userId);
  await setPlan(app, teamId, plan);
  return { s, teamId };
}

/** Every realtime event pushed to a socket of this team. */
function listenTeam(app: TestApp, userId: string, teamId: string): RealtimeEvent[] {
  const heard: RealtimeEvent[] = [];
  app.deps.realtime.add(
    { send: (data) => heard.push(JSON.parse(data) as RealtimeEvent), close: () => {} },
    { userId, teamId, sessionId: newId() },
  );
  return heard;
}

async function importPost(s: Session, body: Record<string, unknown> = IMPORT) {
  const res = await s.call("POST", QUICKDRAW, body);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function contestRow(app: TestApp, id: string) {
  const row = await first(app.db.select().from(contests).where(eq(contests.id, id)));
  if (!row) throw new Error(`no contest ${id}`);
  return row;
}

describe("POST /teams/current/contests/quickdraw", () => {
  it("imports the post as a started classic contest with one source, logs it and pushes load_contest", async () => {
    const now = new Date("2030-03-10T12:00:00.000Z");
    t = await createTestApp({ clock: () => now });
    const { s, teamId } = await owner(t);
    const heard = listenTeam(t, s.userId, teamId);

    const res = await importPost(s);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ contest_id: expect.any(String) });
    const id = res.body.contest_id as string;

    const row = await contestRow(t, id);
    expect(row).toMatchObject({
      teamId,
      name: "Spring draw",
      type: "classic",
      status: "started",
      startAt: now.toISOString(),
      closeAt: null,
      loadedAt: null,
      drawnAt: null,
      canceledAt: null,
      mergedInto: null,
      providers: ["twitter"],
      entriesCount: 0,
      sandbox: true,
      createdBy: s.userId,
      createdAt: now.toISOString(),
      meta: { cancel_reason: null, imported_from: TWEET },
      config: { is_setup: false, nb_winners: 1, autodraw: { enabled: false, autodraw_at: null } },
    });
    expect(row.sources).toEqual([
      {
        _id: expect.any(String),
        provider: "twitter",
        post_id: "1790000000000000000",
        shortcode: null,
        poster_id: null,
        account: { screen_name: "fairdraw" },
        actions: {},
        entries_count: 0,
        reminders: [],
      },
    ]);
    expectShape("stored/source", row.sources?.[0]);

    const logged = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.teamId, teamId), eq(activities.type, "createContest")));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      userId: s.userId,
      meta: { contest: { _id: id, name: "Spring draw" } },
    });
    expect(heard).toEqual([{ type: "load_contest", contest_id: id }]);
  });

  it("keeps an instagram or threads shortcode as the shortcode, the post id waiting for the driver", async () => {
    t = await createTestApp();
    const { s } = await owner(t);
    for (const [provider, url, shortcode] of [
      ["instagram", "https://www.instagram.com/fairdraw/p/DA-b_C3d4E5/", "DA-b_C3d4E5"],
      ["threads", "https://www.threads.net/@fairdraw/post/C8aBcDeFgHi", "C8aBcDeFgHi"],
    ] as const) {
      const res = await importPost(s, { ...IMPORT, provider, matched: url });
      expect(res.status).toBe(201);
      const source = (await contestRow(t, res.body.contest_id as string)).sources?.[0];
      expect(source).toMatchObject({
        provider,
        post_id: null,
        shortcode,
        account: { screen_name: "fairdraw" },
      });
      expectShape("stored/source", source);
    }
  });

  it("names the team's account when the post is one of its own", async () => {
    t = await createTestApp();
    const { s, teamId } = await owner(t);
    const accountId = newId();
    await t.db.insert(accounts).values({
      id: accountId,
      teamId,
      provider: "twitter",
      externalId: "1000",
      name: "Fairdraw",
      screenName: "FairDraw",
      sandbox: true,
      linkedAt: new Date().toISOString(),
    });
    const res = await importPost(s, { ...IMPORT, matched: "https://twitter.com/fairdraw/status/123" });
    expect(res.status).toBe(201);
    expect((await contestRow(t, res.body.contest_id as string)).sources?.[0]).toMatchObject({
      post_id: "123",
      poster_id: "1000",
      account: { _id: accountId, screen_name: "FairDraw" },
    });
  });

  it("answers 422 with every field's problem, in the request's language", async () => {
    t = await createTestApp();
    const { s } = await owner(t);
    const en = await importPost(s, {});
    expect(en.status).toBe(422);
    expect(en.body).toEqual({
      error: "validation",
      message: "The given data was invalid.",
      errors: {
        provider: ["Is required."],
        matched: ["Is required."],
        confirm: ["Is required."],
        name: ["Is required."],
      },
    });

    const fr = await s.call(
      "POST",
      QUICKDRAW,
      { provider: "myspace", matched: "pas un lien", confirm: false, name: "abc" },
      { "accept-language": "fr" },
    );
    expect(fr.status).toBe(422);
    expect((await fr.json()).errors).toEqual({
      provider: ["N'est pas un choix autorisé."],
      matched: ["N'est pas un lien vers une publication importable."],
      confirm: ["Doit valoir true."],
      name: [expect.stringMatching(/4/)],
    });
  });

  it("answers 422 on name outside 4 to 50 characters and on a login-only network", async () => {
    t = await createTestApp();
    const { s } = await owner(t);
    expect((await importPost(s, { ...IMPORT, name: "x".repeat(51) })).body.errors).toEqual({
      name: [expect.stringMatching(/50/)],
    });
    expect((await importPost(s, { ...IMPORT, name: "x".repeat(50) })).status).toBe(201);
    expect((await importPost(s, { ...IMPORT, provider: "linkedin" })).body.errors).toEqual({
      provider: ["This network can only be used to sign in."],
    });
    expect((await importPost(s, { ...IMPORT, matched: 1790000000000000000 })).status).toBe(422);
  });

  it("answers 422 on matched when the link is from another network than the one chosen", async () => {
    t = await createTestApp();
    const { s, teamId } = await owner(t);
    const res = await importPost(s, { ...IMPORT, provider: "instagram" });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ matched: ["Is not a link to a post on Instagram."] });
    const fr = await s.call(
      "POST",
      QUICKDRAW,
      { ...IMPORT, provider: "youtube" },
      { cookie: `${s.cookie}; locale=fr` },
    );
    expect((await fr.json()).errors).toEqual({
      matched: ["N'est pas un lien vers une publication sur YouTube."],
    });
    expect(await t.db.select().from(contests).where(eq(contests.teamId, teamId))).toEqual([]);
  });

  it("answers 401 without a session, 403 without import_contests and 402 for a frozen team", async () => {
    t = await createTestApp();
    const anonymous = await t.app.request(QUICKDRAW, {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
      body: JSON.stringify(IMPORT),
    });
    expect(anonymous.status).toBe(401);

    const { teamId } = await owner(t);
    const walt = await signIn(t, "walt@brand.example", "Walt");
    await addMember(t, teamId, walt);
    const refused = await importPost(walt);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("permissionsForbidden");

    const wanda = await signIn(t, "wanda@brand.example", "Wanda");
    await addMember(t, teamId, wanda, { "team.contests.import_contests": true });
    expect((await importPost(wanda)).status).toBe(201);

    await freeze(t, teamId);
    const frozen = await importPost(wanda);
    expect(frozen.status).toBe(402);
    expect(frozen.body.error).toBe("teamFrozen");
  });

  it("sends a team without imports (basic plan) to the one-shot checkout with the import's values", async () => {
    t = await createTestApp();
    const { s, teamId } = await owner(t, "basic");
    const heard = listenTeam(t, s.userId, teamId);
    const res = await importPost(s);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      error: "planNotSupported",
      message: "Your plan does not include quick imports: buy a one-shot import or change your plan.",
      uid: expect.any(String),
    });
    const checkout = new URL(res.body.checkout as string, "http://fairdraw.test");
    expect(checkout.pathname).toBe("/checkout-session/one-shot/quickdraw");
    expect(Object.fromEntries(checkout.searchParams)).toEqual({
      name: "Spring draw",
      provider: "twitter",
      matched: TWEET,
    });
    expect(await t.db.select().from(contests).where(eq(contests.teamId, teamId))).toEqual([]);
    expect(heard).toEqual([]);
    const fr = await s.call("POST", QUICKDRAW, IMPORT, { "accept-language": "fr-FR,fr;q=0.9" });
    expect((await fr.json()).message).toBe(
      "Votre offre n'inclut pas les imports rapides : achetez un import à l'unité ou changez d'offre.",
    );

    // A bought one-shot gives the team one import.
    await t.db
      .update(teams)
      .set({ subscription: { paid_offer_quotas: { imports: 1 } } })
      .where(eq(teams.id, teamId));
    expect((await importPost(s)).status).toBe(201);
    expect((await importPost(s)).body.error).toBe("importsQuotaExceeded");
  });

  it("validates before it checks the plan, so the checkout URL is built from valid values", async () => {
    t = await createTestApp();
    const { s } = await owner(t, "basic");
    expect((await importPost(s, { ...IMPORT, name: "abc" })).status).toBe(422);
  });

  it("counts imports against the month's quota, deleted ones included, and starts again next month", async () => {
    let now = new Date("2030-03-30T10:00:00.000Z");
    t = await createTestApp({ clock: () => now });
    const { s, teamId } = await owner(t, "hobbyist"); // 2 imports
    const first = await importPost(s);
    expect(first.status).toBe(201);
    expect((await importPost(s, { ...IMPORT, name: "Second draw" })).status).toBe(201);
    await t.db
      .update(contests)
      .set({ deletedAt: now.toISOString() })
      .where(eq(contests.id, first.body.contest_id as string));

    const refused = await importPost(s, { ...IMPORT, name: "Third draw" });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: "importsQuotaExceeded",
      message:
        "Your plan allows 2 quick import(s) a month, all used this month: buy a one-shot import or change your plan.",
      quota: 2,
      checkout: expect.stringMatching(/^\/checkout-session\/one-shot\/quickdraw\?name=Third\+draw&/),
    });
    expect(await t.db.select().from(contests).where(eq(contests.teamId, teamId))).toHaveLength(2);

    now = new Date("2030-04-01T00:00:00.000Z");
    expect((await importPost(s, { ...IMPORT, name: "Third draw" })).status).toBe(201);
  });

  it("counts a yearly subscription's imports twice, like every quota", async () => {
    t = await createTestApp();
    const { s, teamId } = await owner(t, "hobbyist");
    await t.db
      .update(teams)
      .set({ subscription: { period: "yearly" } })
      .where(eq(teams.id, teamId));
    for (let i = 0; i < 4; i++) expect((await importPost(s)).status).toBe(201);
    expect((await importPost(s)).status).toBe(403);
  });
});
