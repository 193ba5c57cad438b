import { createHash, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { first } from "../../api/db/query";
import { accounts, activities, contests, idempotencyKeys, teams, uploads } from "../../api/db/tables";
import { newId } from "../../api/ids";
import { MAXIMAL_NOW, maximalContest } from "../../bench/fixtures/maximal-contest";
import { getPath } from "../../engine/values";
import { type Session, signIn } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { addMember, currentTeamId, expectShape, freeze, listen, setPlan } from "../helpers/world";

let t: TestApp;
afterEach(() => t.cleanup());

const MIN = 60_000;
const DAY = 86_400_000;
/** The injected server clock: every test starts at the maximal fixture's "now" and may move it. */
let now = MAXIMAL_NOW;
const at = (ms: number) => new Date(MAXIMAL_NOW.getTime() + ms).toISOString();

async function app() {
  now = MAXIMAL_NOW;
  t = await createTestApp({ clock: () => now });
  return t;
}

const CREATE = "/api/v1/teams/current/contests/create";
const LIST = "/api/v1/teams/current/contests/list";
const one = (id: string) => `/api/v1/teams/current/contests/${id}`;

/** The maximal fixture's account ids: one linked account per network (publication.account_id). */
const NETWORKS = ["facebook", "twitter", "bluesky", "youtube", "instagram", "threads", "tiktok"] as const;

async function linkAccounts(teamId: string) {
  for (const [i, provider] of NETWORKS.entries()) {
    await t.db.insert(accounts).values({
      id: newId(),
      teamId,
      provider,
      externalId: String(1000 + i),
      name: `Brand ${provider}`,
      screenName: `brand_${provider}`,
      sandbox: true,
      linkedAt: now.toISOString(),
    });
  }
}

/** Olive owns her default team on this plan, with an account of every network linked. */
async function owner(plan = "business", email = "olive@brand.example") {
  const s = await signIn(t, email, email.split("@")[0]);
  const teamId = await currentTeamId(t, s.userId);
  await setPlan(t, teamId, plan);
  await linkAccounts(teamId);
  return { s, teamId };
}

async function member(teamId: string, email: string, permissions: Record<string, boolean> | null) {
  const s = await signIn(t, email, email.split("@")[0]);
  await addMember(t, teamId, s, permissions);
  return s;
}

/** A small valid contest: one X (Twitter) source where a like enters, one winner, starting in an hour. */
function simpleForm(name = "Summer giveaway") {
  const source: Record<string, unknown> = {
    ...structuredClone(t.deps.catalog.builder.defaults.sources.twitter),
  };
  Object.assign(source, { id: 100, type: "twitter" });
  const s = source as {
    publication: { account_id: number; content: string };
    actions: { like: { enabled: boolean } };
  };
  s.publication.account_id = 1001;
  s.publication.content = "Win a year of coffee! Like this post to enter.";
  s.actions.like.enabled = true;
  return {
    base: {
      ...structuredClone(t.deps.catalog.builder.defaults.base),
      name,
      start_date: at(60 * MIN),
      original_start_date: at(60 * MIN),
      close_date: at(3 * DAY),
    },
    sources: [source],
    summary: { parameters_verified: true },
  };
}

type Form = ReturnType<typeof simpleForm>;

function body(form: Form | ReturnType<typeof maximalContest>, status = "planned", extra: object = {}) {
  return {
    idempotency_key: randomUUID(),
    status,
    forPayment: false,
    base: form.base,
    sources: form.sources,
    summary: form.summary,
    ...extra,
  };
}

/** A draft with only a name: the rest of the form is the schemas' defaults. */
function draftBody(name = "My draft", extra: object = {}) {
  return {
    idempotency_key: randomUUID(),
    status: "draft",
    forPayment: false,
    base: { ...structuredClone(t.deps.catalog.builder.defaults.base), name },
    sources: [],
    summary: structuredClone(t.deps.catalog.builder.defaults.summary),
    ...extra,
  };
}

/** Upload rows for every file a form's media name, as if the team had uploaded them. */
async function registerUploads(teamId: string, form: unknown) {
  const uuids = new Set([...JSON.stringify(form).matchAll(/"uuid":"([^"]+)"/g)].map((m) => m[1] as string));
  for (const uuid of uuids) {
    await t.db.insert(uploads).values({
      id: uuid,
      teamId,
      sha256: createHash("sha256").update(uuid).digest("hex"),
      mime: "image/jpeg",
      size: 250_000,
      createdAt: at(0),
    });
  }
}

async function create(s: Session, b: unknown): Promise<string> {
  const res = await s.call("POST", CREATE, b);
  const answer = await res.json();
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(answer)}`);
  return answer.contest_id;
}

async function row(id: string) {
  const r = await first(t.db.select().from(contests).where(eq(contests.id, id)));
  if (!r) throw new Error(`no contest ${id}`);
  return r;
}

describe("POST /api/v1/teams/current/contests/create", () => {
  it("answers 401 without a session", async () => {
    await app();
    const res = await t.app.request(CREATE, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({}),
    });
    expect(res.status).toBe(401);
  });

  it("creates a planned contest: 201 {contest_id}, its columns from the form, an activity and a load_contest push", async () => {
    await app();
    const { s, teamId } = await owner();
    const heard = listen(t, s.userId, teamId);
    const res = await s.call("POST", CREATE, body(simpleForm()));
    expect(res.status).toBe(201);
    const { contest_id } = await res.json();
    expect(contest_id).toEqual(expect.any(String));

    const got = await (await s.call("GET", one(contest_id))).json();
    expectShape("stored/contest", got);
    expect(got).toMatchObject({
      _id: contest_id,
      name: "Summer giveaway",
      type: "tunnel",
      status: "planned",
      start_at: at(60 * MIN),
      close_at: at(3 * DAY),
      providers: ["twitter"],
      config: { is_setup: false, nb_winners: 1, autodraw: { enabled: false, autodraw_at: null } },
      paid_contest: false,
      is_duplicate: false,
      sandbox: true,
      entries_count: 0,
    });
    expect(got.sources).toHaveLength(1);
    expect(got.sources[0]).toMatchObject({
      provider: "twitter",
      account: { screen_name: "brand_twitter" },
      actions: { like: { enabled: true } },
      entries_count: 0,
      reminders: [],
    });
    expect(got.cb_data.base.name).toBe("Summer giveaway");
    expect(got.cb_data.status).toBeUndefined();

    const logged = await t.db.select().from(activities).where(eq(activities.teamId, teamId));
    expect(logged.filter((a) => a.type === "createContest").map((a) => a.meta)).toEqual([
      { contest: { _id: contest_id, name: "Summer giveaway" } },
    ]);
    expect(heard).toEqual(["load_contest"]);
  });

  it("creates the maximal contest (every network, every option) in the stored shape", async () => {
    await app();
    const { s, teamId } = await owner("business");
    const form = maximalContest();
    await registerUploads(teamId, form);
    const id = await create(s, body(form));
    const got = await (await s.call("GET", one(id))).json();
    expectShape("stored/contest", got);
    expect(got.providers).toEqual([...NETWORKS]);
    expect(got.config).toEqual({
      is_setup: false,
      nb_winners: 50,
      autodraw: { enabled: true, autodraw_at: maximalContest().base.autodraw.date },
    });
    expect(got.sources[1].reminders).toHaveLength(20);
    expect(got.sources[1].reminders[0]).toMatchObject({ id: "r0", type: "reply", published_at: null });
  });

  it("saves a draft validating only its name, and refuses a bad name with the path, in English and French", async () => {
    await app();
    const { s } = await owner();
    const id = await create(s, draftBody("Autumn"));
    const got = await (await s.call("GET", one(id))).json();
    expectShape("stored/contest", got);
    expect(got).toMatchObject({ status: "draft", name: "Autumn", start_at: null, providers: [] });

    const en = await s.call("POST", CREATE, draftBody("ab"));
    expect(en.status).toBe(422);
    expect(await en.json()).toEqual({
      error: "validation",
      message: "The given data was invalid.",
      errors: { "base.name": ["Must be at least 4 characters."] },
    });
    const fr = await s.call("POST", CREATE, draftBody("ab"), { "accept-language": "fr-FR,fr;q=0.9" });
    expect(fr.status).toBe(422);
    const frBody = await fr.json();
    expect(frBody.message).toBe("Les données envoyées ne sont pas valides.");
    expect(Object.keys(frBody.errors)).toEqual(["base.name"]);
    expect(frBody.errors["base.name"][0]).not.toBe("Must be at least 4 characters.");
  });

  it("checks the body's structure first: 422 with the dotted paths of wrong types and unknown fields", async () => {
    await app();
    const { s } = await owner();
    const form = simpleForm();
    const b = body(form) as Record<string, unknown>;
    (b.base as Record<string, unknown>).nb_winners = "three";
    (b.base as Record<string, unknown>).colour = "red";
    const res = await s.call("POST", CREATE, b);
    expect(res.status).toBe(422);
    const { errors } = await res.json();
    expect(errors["base.nb_winners"]).toEqual(["Has the wrong type."]);
    expect(errors["base.colour"]).toEqual(["Is not a known field."]);

    const fr = await s.call("POST", CREATE, b, { cookie: `${s.cookie}; locale=fr` });
    expect((await fr.json()).errors["base.nb_winners"]).toEqual(["N'a pas le bon type."]);

    const noKey = body(simpleForm()) as Record<string, unknown>;
    delete noKey.idempotency_key;
    const missing = await s.call("POST", CREATE, noKey);
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors).toEqual({ idempotency_key: ["Is required."] });

    const template = await s.call("POST", CREATE, body(simpleForm(), "template"));
    expect((await template.json()).errors).toEqual({ status: ["Is not one of the allowed choices."] });
    expect(await t.db.select().from(contests)).toEqual([]);
  });

  it("refuses more reminders than the schema's maxItems with the limit in the message, and writes nothing", async () => {
    await app();
    const { s } = await owner();
    const form = simpleForm();
    const reminder = (i: number) => ({
      id: `r${i}`,
      type: "reply",
      creation_date: at(DAY + i * MIN),
      content: `Reminder ${i}`,
      media: { count: 0, files: [] },
      dark: false,
    });
    Object.assign((form.sources[0] as { reminders: object }).reminders, {
      enabled: true,
      list: Array.from({ length: 21 }, (_, i) => reminder(i)),
    });
    const res = await s.call("POST", CREATE, body(form));
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ "sources.0.reminders.list": ["At most 20 items."] });
    const fr = await s.call("POST", CREATE, body(form), { cookie: `${s.cookie}; locale=fr` });
    expect((await fr.json()).errors["sources.0.reminders.list"]).toEqual(["20 éléments au plus."]);
    expect(await t.db.select().from(contests)).toEqual([]);

    (form.sources[0] as { reminders: { list: unknown[] } }).reminders.list.length = 20;
    expect((await s.call("POST", CREATE, body(form))).status).toBe(201);
  });

  it("validates a submit entirely with the team's context: dates on the server clock, the winners quota", async () => {
    await app();
    const { s } = await owner("advanced"); // 10 winners
    const form = simpleForm();
    form.base.start_date = at(2 * MIN);
    form.base.nb_winners = 11;
    form.summary.parameters_verified = false;
    const res = await s.call("POST", CREATE, body(form));
    expect(res.status).toBe(422);
    const { errors } = await res.json();
    expect(Object.keys(errors).sort()).toEqual([
      "base.nb_winners",
      "base.start_date",
      "summary.parameters_verified",
    ]);
    expect(errors["base.start_date"]).toEqual(["Is not into a valid interval."]);
  });

  it("resets a part locked off for the network before validating it: TikTok's invalid reminders create the contest with reminders off", async () => {
    await app();
    const { s, teamId } = await owner("business");
    const form = maximalContest();
    await registerUploads(teamId, form);
    const k = form.sources.findIndex((x) => x.type === "tiktok");
    const tiktok = form.sources[k] as {
      reminders: { enabled: boolean; list: { content: string; creation_date: string }[] };
    };
    tiktok.reminders.enabled = true;
    for (const r of tiktok.reminders.list) {
      r.content = "x".repeat(400);
      r.creation_date = at(-DAY);
    }
    const id = await create(s, body(form));
    const got = await (await s.call("GET", one(id))).json();
    expect(got.cb_data.sources[k].reminders).toMatchObject({ enabled: false, list: [] });
    expect(got.sources[k].reminders).toEqual([]);
  });

  it("still refuses an invalid editable field beside a locked one, with its path only", async () => {
    await app();
    const { s, teamId } = await owner("business");
    const form = maximalContest();
    await registerUploads(teamId, form);
    const k = form.sources.findIndex((x) => x.type === "tiktok");
    const tiktok = form.sources[k] as {
      publication: { content: string };
      reminders: { enabled: boolean; list: { content: string }[] };
    };
    tiktok.reminders.enabled = true;
    for (const r of tiktok.reminders.list) r.content = "x".repeat(400);
    tiktok.publication.content = "";
    const res = await s.call("POST", CREATE, body(form));
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toEqual([`sources.${k}.publication.content`]);
    expect(await t.db.select().from(contests)).toEqual([]);
  });

  it("refuses a submit whose publication account is not one of the team's", async () => {
    await app();
    const { s } = await owner();
    const form = simpleForm();
    (form.sources[0] as { publication: { account_id: number } }).publication.account_id = 4242;
    const res = await s.call("POST", CREATE, body(form));
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({
      "sources.0.publication.account_id": ["Is not an account linked to this team."],
    });
  });

  it("refuses a plan-gated option field by field, and stores a draft without it nor what is switched off", async () => {
    await app();
    const { s } = await owner("advanced"); // the builder, but no winning moments nor remind-to-follow
    const form = simpleForm();
    const twitter = form.sources[0] as Record<string, Record<string, unknown>>;
    Object.assign(twitter.winning_moments as object, {
      enabled: true,
      list: [{ date: at(2 * 60 * MIN), won: false }],
    });
    Object.assign(twitter.reminders as object, {
      enabled: false,
      list: [
        {
          id: "r1",
          type: "reply",
          creation_date: at(2 * 60 * MIN),
          content: "secret",
          media: { files: [], count: 0 },
          dark: false,
        },
      ],
    });
    const refused = await s.call("POST", CREATE, body(form));
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors).toEqual({
      "sources.0.winning_moments.enabled": ["You don't have access to that feature."],
    });

    const id = await create(s, body(form, "draft"));
    const stored = (await row(id)).cbData;
    expect(getPath(stored, "sources.0.winning_moments.enabled")).toBe(false);
    expect(getPath(stored, "sources.0.winning_moments.list")).toEqual([]);
    expect(getPath(stored, "sources.0.reminders.list")).toEqual([]);
    expect(getPath(stored, "sources.0.actions.like.enabled")).toBe(true);
  });

  it("needs the contestBuilder feature for a contest that is not paid (403 planNotSupported)", async () => {
    await app();
    const { s } = await owner("basic");
    const res = await s.call("POST", CREATE, body(simpleForm()));
    expect(res.status).toBe(403);
    const answer = await res.json();
    expect(answer).toMatchObject({ error: "planNotSupported", uid: expect.any(String) });
    expect(answer.message).toMatch(/plan/);
    expect(await t.db.select().from(contests)).toEqual([]);
  });

  it("saves a draft for payment whatever the plan, outside the drafts quota", async () => {
    await app();
    const { s, teamId } = await owner("basic"); // 1 draft
    const paid1 = await create(s, body(simpleForm(), "draft", { forPayment: true }));
    await create(s, body(simpleForm(), "draft", { forPayment: true }));
    expect(await row(paid1)).toMatchObject({ status: "draft", forPayment: true, paidContest: false });
    await create(s, draftBody("First draft"));
    const over = await s.call("POST", CREATE, draftBody("Second draft"));
    expect(over.status).toBe(403);
    expect(await over.json()).toMatchObject({ error: "draftsQuotaExceeded" });
    expect(await t.db.select().from(contests).where(eq(contests.teamId, teamId))).toHaveLength(3);

    const planned = await s.call("POST", CREATE, body(simpleForm(), "planned", { forPayment: true }));
    expect(planned.status).toBe(422);
    expect((await planned.json()).errors).toEqual({ forPayment: ["Is not one of the allowed choices."] });
  });

  it("keeps only so many drafts for payment at once (drafts.for_payment.per_team), deleting one frees a place", async () => {
    now = MAXIMAL_NOW;
    t = await createTestApp({ clock: () => now, env: { limits: { "drafts.for_payment.per_team": "2" } } });
    const { s, teamId } = await owner("basic");
    const first = await create(s, body(simpleForm(), "draft", { forPayment: true }));
    await create(s, body(simpleForm(), "draft", { forPayment: true }));
    const over = await s.call("POST", CREATE, body(simpleForm(), "draft", { forPayment: true }));
    expect(over.status).toBe(403);
    expect(await over.json()).toMatchObject({
      error: "draftsQuotaExceeded",
      limit: "drafts.for_payment.per_team",
      max: 2,
      message: expect.stringContaining("waiting for a payment"),
    });
    expect(await t.db.select().from(contests).where(eq(contests.teamId, teamId))).toHaveLength(2);
    expect((await s.call("DELETE", `/api/v1/teams/current/contests/${first}`)).status).toBe(200);
    expect((await s.call("POST", CREATE, body(simpleForm(), "draft", { forPayment: true }))).status).toBe(
      201,
    );
  });

  it("submits a paid draft as a contest on a plan without the builder", async () => {
    await app();
    const { s } = await owner("basic");
    const id = await create(s, body(simpleForm(), "draft", { forPayment: true }));
    // The one-shot purchase (billing) marks it paid.
    await t.db.update(contests).set({ paidContest: true }).where(eq(contests.id, id));
    const res = await s.call("POST", one(id), body(simpleForm(), "planned", { paid_contest: true }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ contest_id: id });
    expect(await row(id)).toMatchObject({ status: "planned", paidContest: true, forPayment: false });
  });

  it("counts contests in play against the contests quota: ended, canceled and deleted ones free their place", async () => {
    await app();
    const { s } = await owner("advanced"); // 2 contests
    const first = await create(s, body(simpleForm("First contest")));
    const second = await create(s, body(simpleForm("Second contest")));
    const over = await s.call("POST", CREATE, body(simpleForm("Third contest")));
    expect(over.status).toBe(403);
    const refused = await over.json();
    expect(refused).toMatchObject({ error: "contestsQuotaExceeded" });
    expect(refused.message).toContain("2");

    await t.db.update(contests).set({ status: "ended" }).where(eq(contests.id, first));
    const third = await create(s, body(simpleForm("Third contest")));
    expect((await s.call("DELETE", one(second))).status).toBe(200);
    await create(s, body(simpleForm("Fourth contest")));
    expect(await (await s.call("POST", CREATE, body(simpleForm("Fifth contest")))).json()).toMatchObject({
      error: "contestsQuotaExceeded",
    });
    // A draft submitted as a contest takes a place too.
    const draft = await create(s, draftBody("Waiting draft"));
    const submit = await s.call("POST", one(draft), body(simpleForm("Waiting draft")));
    expect(submit.status).toBe(403);
    expect((await row(draft)).status).toBe("draft");
    expect((await row(third)).status).toBe("planned");
  });

  it("answers 402 to a frozen team", async () => {
    await app();
    const { s, teamId } = await owner();
    const id = await create(s, draftBody());
    await freeze(t, teamId);
    expect((await s.call("POST", CREATE, draftBody())).status).toBe(402);
    expect((await s.call("GET", LIST)).status).toBe(402);
    expect((await s.call("GET", one(id))).status).toBe(402);
    expect((await s.call("POST", one(id), draftBody())).status).toBe(402);
    const del = await s.call("DELETE", one(id));
    expect(del.status).toBe(402);
    expect(await del.json()).toMatchObject({ error: "teamFrozen" });
  });
});

describe("permissions of the contest calls", () => {
  it("asks create_drafts for a draft and create_contests for a contest", async () => {
    await app();
    const { teamId } = await owner();
    const viewer = await member(teamId, "vera@brand.example", null);
    expect((await viewer.call("POST", CREATE, draftBody())).status).toBe(403);
    expect((await viewer.call("GET", LIST)).status).toBe(200);

    const drafter = await member(teamId, "dan@brand.example", { "team.contests.create_drafts": true });
    expect((await drafter.call("POST", CREATE, draftBody())).status).toBe(201);
    const res = await drafter.call("POST", CREATE, body(simpleForm()));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: "permissionsForbidden" });

    const maker = await member(teamId, "cara@brand.example", { "team.contests.create_contests": true });
    expect((await maker.call("POST", CREATE, body(simpleForm()))).status).toBe(201);
    expect((await maker.call("POST", CREATE, draftBody())).status).toBe(403);
  });

  it("asks update_drafts to save a draft, create_contests to submit it, update_contests to save a contest", async () => {
    await app();
    const { s, teamId } = await owner();
    const draft = await create(s, draftBody("Shared draft"));
    const contest = await create(s, body(simpleForm()));
    const editor = await member(teamId, "ed@brand.example", { "team.contests.update_drafts": true });
    expect((await editor.call("POST", one(draft), draftBody("Renamed draft"))).status).toBe(200);
    expect((await editor.call("POST", one(draft), body(simpleForm()))).status).toBe(403);
    expect((await editor.call("POST", one(contest), body(simpleForm()))).status).toBe(403);

    const maker = await member(teamId, "cara@brand.example", {
      "team.contests.create_contests": true,
      "team.contests.update_contests": true,
    });
    expect((await maker.call("POST", one(draft), draftBody("Again"))).status).toBe(403);
    expect((await maker.call("POST", one(contest), body(simpleForm("Saved again")))).status).toBe(200);
    expect((await maker.call("POST", one(draft), body(simpleForm("From the draft")))).status).toBe(200);
    expect((await row(draft)).status).toBe("planned");
  });

  it("asks delete_drafts for a draft and delete_contests for a planned contest", async () => {
    await app();
    const { s, teamId } = await owner();
    const draft = await create(s, draftBody());
    const contest = await create(s, body(simpleForm()));
    const viewer = await member(teamId, "vera@brand.example", null);
    expect((await viewer.call("DELETE", one(draft))).status).toBe(403);
    const cleaner = await member(teamId, "dot@brand.example", { "team.contests.delete_drafts": true });
    expect((await cleaner.call("DELETE", one(contest))).status).toBe(403);
    expect((await cleaner.call("DELETE", one(draft))).status).toBe(200);
    const remover = await member(teamId, "rob@brand.example", { "team.contests.delete_contests": true });
    expect((await remover.call("DELETE", one(contest))).status).toBe(200);
  });

  it("answers 404 for another team's contest, whatever the call", async () => {
    await app();
    const { s } = await owner();
    const id = await create(s, body(simpleForm()));
    const { s: other } = await owner("business", "oscar@other.example");
    expect((await other.call("GET", one(id))).status).toBe(404);
    expect((await other.call("POST", one(id), body(simpleForm()))).status).toBe(404);
    expect((await other.call("DELETE", one(id))).status).toBe(404);
    expect((await other.call("GET", one("000000000000000000000000"))).status).toBe(404);
    expect(await row(id)).toMatchObject({ status: "planned", deletedAt: null });
  });
});

describe("POST /api/v1/teams/current/contests/:id", () => {
  it("turns a draft into the contest (same id), logs it and counts it no more as a draft", async () => {
    await app();
    const { s, teamId } = await owner("basic");
    await setPlan(t, teamId, "business");
    const id = await create(s, draftBody("Spring draft"));
    now = new Date(MAXIMAL_NOW.getTime() + 10 * MIN);
    const heard = listen(t, s.userId, teamId);
    const res = await s.call("POST", one(id), body(simpleForm("Spring contest")));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ contest_id: id });
    expect(await row(id)).toMatchObject({
      status: "planned",
      name: "Spring contest",
      createdAt: now.toISOString(),
      startAt: at(60 * MIN),
    });
    expect(heard).toEqual(["load_contest"]);
    const types = await t.db.select().from(activities).where(eq(activities.teamId, teamId));
    expect(types.filter((a) => a.type === "createContest")).toHaveLength(1);
    const drafts = await (await s.call("GET", `${LIST}?status=draft`)).json();
    expect(drafts.data).toEqual([]);
  });

  it("saves a planned contest again, its start date moved within the rule, and pushes load_contest", async () => {
    await app();
    const { s, teamId } = await owner();
    const id = await create(s, body(simpleForm()));
    const heard = listen(t, s.userId, teamId);
    const form = simpleForm("Summer giveaway, saved");
    form.base.start_date = at(2 * 60 * MIN);
    const res = await s.call("POST", one(id), body(form));
    expect(res.status).toBe(200);
    expect(await row(id)).toMatchObject({ name: "Summer giveaway, saved", startAt: at(2 * 60 * MIN) });
    expect(heard).toEqual(["load_contest"]);
  });

  it("refuses to edit a planned contest whose start is within the lead window: 409 'Contest can no longer be edited'", async () => {
    await app();
    const { s } = await owner();
    const id = await create(s, body(simpleForm())); // starts at +60 min; the rule's lead is 5 minutes
    now = new Date(MAXIMAL_NOW.getTime() + 54 * MIN);
    expect((await s.call("POST", one(id), body(simpleForm("Still editable")))).status).toBe(200);
    now = new Date(MAXIMAL_NOW.getTime() + 56 * MIN);
    const res = await s.call("POST", one(id), body(simpleForm("Too late")));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      error: "contestNoLongerEditable",
      message: "Contest can no longer be edited",
    });
    const fr = await s.call("POST", one(id), body(simpleForm("Too late")), { "accept-language": "fr" });
    expect((await fr.json()).message).toBe("Le concours ne peut plus être modifié");
    expect((await row(id)).name).toBe("Still editable");
  });

  it("changes only drafts and planned contests, and never turns a contest back into a draft (409)", async () => {
    await app();
    const { s } = await owner();
    const id = await create(s, body(simpleForm()));
    const back = await s.call("POST", one(id), draftBody("Back to draft"));
    expect(back.status).toBe(409);
    expect(await back.json()).toMatchObject({ error: "contestNotUpdatable" });
    for (const status of ["started", "closed", "ended", "canceled"]) {
      await t.db.update(contests).set({ status }).where(eq(contests.id, id));
      const res = await s.call("POST", one(id), body(simpleForm()));
      expect(res.status, status).toBe(409);
      expect(await res.json()).toMatchObject({ error: "contestNotUpdatable" });
    }
    expect((await row(id)).name).toBe("Summer giveaway");
  });

  it("creates a new contest from a duplicate (is_duplicate), leaving the original alone", async () => {
    await app();
    const { s } = await owner();
    const original = await create(s, body(simpleForm("Original")));
    const copy = await create(s, body(simpleForm("Original (copy)"), "planned", { is_duplicate: true }));
    expect(copy).not.toBe(original);
    const got = await (await s.call("GET", one(copy))).json();
    expectShape("stored/contest", got);
    expect(got).toMatchObject({ is_duplicate: true, name: "Original (copy)" });
    expect(await row(original)).toMatchObject({ name: "Original", isDuplicate: false });
  });
});

describe("idempotency of contests/create", () => {
  it("answers the same key and body with the first answer and creates one contest", async () => {
    await app();
    const { s } = await owner();
    const b = body(simpleForm());
    const first = await s.call("POST", CREATE, b);
    const again = await s.call("POST", CREATE, { ...b });
    expect(again.status).toBe(first.status);
    expect(await again.json()).toEqual(await first.json());
    expect(await t.db.select().from(contests)).toHaveLength(1);
    expect(await t.db.select().from(activities).where(eq(activities.type, "createContest"))).toHaveLength(1);
  });

  it("answers 409 conflict when the key comes back with another body or on another call", async () => {
    await app();
    const { s } = await owner();
    const b = body(simpleForm());
    await create(s, b);
    const other = await s.call("POST", CREATE, { ...b, base: { ...b.base, name: "Another name" } });
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ error: "conflict", uid: expect.any(String) });
    const template = await s.call("POST", "/api/v1/teams/current/templates/create", {
      ...b,
      status: "template",
    });
    expect(template.status).toBe(409);
    expect(await t.db.select().from(contests)).toHaveLength(1);
  });

  it("creates one contest when two requests with one key arrive at once", async () => {
    await app();
    const { s } = await owner();
    const b = body(simpleForm());
    const answers = await Promise.all([s.call("POST", CREATE, b), s.call("POST", CREATE, b)]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    const [a, c] = await Promise.all(answers.map((r) => r.json()));
    expect(a).toEqual(c);
    expect(await t.db.select().from(contests)).toHaveLength(1);
    expect(await t.db.select().from(idempotencyKeys)).toHaveLength(1);
  });

  it("keeps a key free after a refusal, and scopes keys per team", async () => {
    await app();
    const { s } = await owner();
    const key = randomUUID();
    const bad = simpleForm();
    bad.base.name = "ab";
    expect((await s.call("POST", CREATE, { ...body(bad), idempotency_key: key })).status).toBe(422);
    const mine = await create(s, { ...body(simpleForm()), idempotency_key: key });
    const { s: other } = await owner("business", "oscar@other.example");
    const theirs = await create(other, { ...body(simpleForm()), idempotency_key: key });
    expect(theirs).not.toBe(mine);
    expect(await t.db.select().from(contests)).toHaveLength(2);
  });
});

describe("GET /api/v1/teams/current/contests/:id and /list", () => {
  /** Three contests and two drafts, one minute apart: c1 d1 c2 d2 c3 (oldest first). */
  async function world() {
    const { s, teamId } = await owner();
    const ids: Record<string, string> = {};
    for (const [name, kind] of [
      ["Contest one", "c"],
      ["Draft one", "d"],
      ["Contest two", "c"],
      ["Draft two", "d"],
      ["Contest three", "c"],
    ] as const) {
      ids[name] = await create(s, kind === "c" ? body(simpleForm(name)) : draftBody(name));
      now = new Date(now.getTime() + MIN);
    }
    return { s, teamId, ids };
  }

  it("lists contests newest first without drafts, drafts when asked, each with its neighbours", async () => {
    await app();
    const { s, ids } = await world();
    const res = await s.call("GET", LIST);
    expect(res.status).toBe(200);
    const list = await res.json();
    for (const item of list.data) expectShape("stored/contest-list-item", item);
    expect(list.data.map((c: { name: string }) => c.name)).toEqual([
      "Contest three",
      "Contest two",
      "Contest one",
    ]);
    expect(
      list.data.map((c: { prev_id: string | null; next_id: string | null }) => [c.prev_id, c.next_id]),
    ).toEqual([
      [null, ids["Contest two"]],
      [ids["Contest three"], ids["Contest one"]],
      [ids["Contest two"], null],
    ]);
    expect(list.meta).toEqual({ page: 1, per_page: 20, total: 3 });
    expect(list.data[0]).toMatchObject({ status: "planned", providers: ["twitter"], entries_count: 0 });

    const drafts = await (await s.call("GET", `${LIST}?status=draft`)).json();
    expect(drafts.data.map((c: { name: string }) => c.name)).toEqual(["Draft two", "Draft one"]);
    const both = await (await s.call("GET", `${LIST}?status=draft,planned`)).json();
    expect(both.meta.total).toBe(5);
  });

  it("filters by status and pages, with neighbours across the page's edges", async () => {
    await app();
    const { s, ids } = await world();
    const c2 = ids["Contest two"] ?? "";
    await t.db.update(contests).set({ status: "started" }).where(eq(contests.id, c2));
    const started = await (await s.call("GET", `${LIST}?status=started`)).json();
    expect(started.data.map((c: { _id: string }) => c._id)).toEqual([c2]);

    const page2 = await (await s.call("GET", `${LIST}?per_page=2&page=2`)).json();
    expect(page2.meta).toEqual({ page: 2, per_page: 2, total: 3 });
    expect(page2.data).toHaveLength(1);
    expect(page2.data[0]).toMatchObject({ name: "Contest one", prev_id: c2, next_id: null });
    const page1 = await (await s.call("GET", `${LIST}?per_page=2`)).json();
    expect(page1.data[1]).toMatchObject({ _id: c2, next_id: ids["Contest one"] });
    expect((await (await s.call("GET", `${LIST}?page=3&per_page=2`)).json()).data).toEqual([]);

    const bad = await s.call("GET", `${LIST}?status=archived&page=0`);
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json()).errors)).toEqual(["status"]);
    const badPage = await s.call("GET", `${LIST}?page=0`);
    expect(Object.keys((await badPage.json()).errors)).toEqual(["page"]);
  });

  it("answers a contest with its neighbours (?with=prev-next) and the uploads its media name (?with=files)", async () => {
    await app();
    const { s, teamId, ids } = await world();
    const c2 = ids["Contest two"] ?? "";
    const got = await (await s.call("GET", `${one(c2)}?with=prev-next`)).json();
    expectShape("stored/contest", got);
    expect(got).toMatchObject({ prev_id: ids["Contest three"], next_id: ids["Contest one"] });
    expect(got.files).toBeUndefined();
    const d1 = await (await s.call("GET", `${one(ids["Draft one"] ?? "")}?with=prev-next`)).json();
    expect(d1).toMatchObject({ prev_id: ids["Draft two"], next_id: null });

    const uuid = randomUUID();
    await t.db
      .insert(uploads)
      .values({ id: uuid, teamId, sha256: "a".repeat(64), mime: "image/png", size: 10, createdAt: at(0) });
    const form = simpleForm("With a picture");
    const media = (files: unknown[]) => {
      (form.sources[0] as { publication: { media: unknown } }).publication.media = {
        files,
        count: files.length,
      };
    };
    // A file the team did not upload is refused at its path; the type and size are the server's, not the client's.
    media([{ uuid: "not-an-upload-of-ours", mime: "image/png", size: 10 }]);
    const foreign = await s.call("POST", CREATE, body(form));
    expect(foreign.status).toBe(422);
    expect(Object.keys((await foreign.json()).errors)).toEqual(["sources.0.publication.media.files.0.uuid"]);
    media([{ uuid, mime: "video/mp4", size: 1 }]);
    const id = await create(s, body(form));
    expect((await row(id)).cbData).toMatchObject({
      sources: [{ publication: { media: { files: [{ uuid, mime: "image/png", size: 10 }], count: 1 } } }],
    });
    const withFiles = await (await s.call("GET", `${one(id)}?with=files,prev-next`)).json();
    expectShape("stored/contest", withFiles);
    expect(withFiles.files).toEqual([{ uuid, mime: "image/png" }]);
    expect(withFiles.prev_id).toBeNull();
  });

  it("reads contests that the builder did not make (no form, no config) in the stored shape", async () => {
    await app();
    const { s, teamId } = await owner();
    const id = newId();
    await t.db.insert(contests).values({
      id,
      teamId,
      name: "Imported",
      type: "classic",
      status: "started",
      createdAt: at(0),
      updatedAt: at(0),
    });
    const got = await (await s.call("GET", `${one(id)}?with=files,prev-next`)).json();
    expectShape("stored/contest", got);
    expect(got).toMatchObject({ type: "classic", cb_data: null, files: [], config: { nb_winners: 1 } });
  });
});

describe("DELETE /api/v1/teams/current/contests/:id", () => {
  it("deletes drafts and planned contests, which then read as 404 and leave the lists", async () => {
    await app();
    const { s } = await owner();
    const draft = await create(s, draftBody());
    const contest = await create(s, body(simpleForm()));
    for (const id of [draft, contest]) {
      const res = await s.call("DELETE", one(id));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
      expect((await s.call("GET", one(id))).status).toBe(404);
      expect((await s.call("DELETE", one(id))).status).toBe(404);
    }
    const list = await (await s.call("GET", `${LIST}?status=draft,planned`)).json();
    expect(list.data).toEqual([]);
    expect((await row(contest)).deletedAt).toBe(now.toISOString());
  });

  it("refuses to delete a contest that has started (409)", async () => {
    await app();
    const { s, teamId } = await owner();
    const id = await create(s, body(simpleForm()));
    await t.db
      .update(contests)
      .set({ status: "started" })
      .where(and(eq(contests.id, id), eq(contests.teamId, teamId)));
    const res = await s.call("DELETE", one(id));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: "contestNotDeletable" });
    expect((await row(id)).deletedAt).toBeNull();
    expect((await first(t.db.select().from(teams).where(eq(teams.id, teamId))))?.plan).toBe("business");
  });
});
