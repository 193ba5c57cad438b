import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { contests, entrants } from "../../api/db/tables";
import { newId } from "../../api/ids";
import type { RealtimeEvent } from "../../api/services/realtime";
import { signIn } from "../helpers/api-client";
import { expectShape, setPlan } from "../helpers/world";
import {
  buildWorld,
  contestPath,
  contestRow,
  createContest,
  importContest,
  loadedImport,
  memberOf,
  T0,
  twitterForm,
  type World,
} from "./lifecycle/helpers";

let w: World;
afterEach(() => w.t.cleanup());

const setup = (id: string, body: unknown, s = w.owner) => s.call("POST", `${contestPath(id)}/setup`, body);

async function errorsOf(res: Response): Promise<Record<string, string[]>> {
  expect(res.status).toBe(422);
  return ((await res.json()) as { errors: Record<string, string[]> }).errors;
}

function listen(): RealtimeEvent[] {
  const heard: RealtimeEvent[] = [];
  w.t.deps.realtime.add(
    { send: (data) => heard.push(JSON.parse(data) as RealtimeEvent), close: () => {} },
    { userId: w.owner.userId, teamId: w.teamId, sessionId: newId() },
  );
  return heard;
}

async function storedEntries(id: string) {
  return await w.t.db
    .select()
    .from(entrants)
    .where(eq(entrants.contestId, id))
    .orderBy(asc(entrants.position));
}

const FILTERS_ON = {
  nb_winners: 3,
  exclude_previous_winners: { enabled: true, nb_months: 6 },
  exclude_accounts: { enabled: true, list: ["@rival_brand"] },
  exclude_contains_badword: { enabled: true, list: ["scam"] },
  manual_check: { enabled: true, list: ["Looks like a shop"] },
};

describe("POST /api/v1/teams/current/contests/:id/setup", { timeout: 30_000 }, () => {
  it("sets up a started import: the settings where the filters read them, is_setup, the contest answered and pushed", async () => {
    w = await buildWorld();
    const id = await importContest(w);
    const heard = listen();

    const res = await setup(id, FILTERS_ON);
    expect(res.status).toBe(200);
    const answer = await res.json();
    expectShape("stored/contest", answer);
    expect(answer).toMatchObject({ _id: id, status: "started", config: { is_setup: true, nb_winners: 3 } });

    const row = await contestRow(w, id);
    expect(row.cbData?.base).toEqual({
      nb_winners: 3,
      exclude_previous_winners: { enabled: true, nb_months: 6 },
      exclude_accounts: { enabled: true, touched: false, list: ["@rival_brand"] },
      exclude_contains_badword: { enabled: true, touched: false, list: ["scam"] },
      manual_check: { enabled: true, list: ["Looks like a shop"] },
    });
    expect(row.config).toMatchObject({ is_setup: true, nb_winners: 3 });
    expect(heard).toContainEqual({ type: "load_contest", contest_id: id });
  });

  it("turns an absent filter off and gives a filter switched off its defaults back", async () => {
    w = await buildWorld();
    const id = await importContest(w);
    expect((await setup(id, FILTERS_ON)).status).toBe(200);

    const res = await setup(id, { nb_winners: 1, exclude_accounts: { enabled: false, list: ["@someone"] } });
    expect(res.status).toBe(200);
    expect((await contestRow(w, id)).cbData?.base).toEqual({
      nb_winners: 1,
      exclude_previous_winners: { enabled: false, nb_months: 3 },
      exclude_accounts: { enabled: false, touched: false, list: [] },
      exclude_contains_badword: { enabled: false, touched: false, list: [] },
      manual_check: { enabled: false, list: [] },
    });
  });

  it("runs the filters again over the loaded entries: verdicts and funnel follow the setup, the load stays", async () => {
    w = await buildWorld();
    const id = await loadedImport(w, "01", 12);
    const before = await storedEntries(id);
    const { funnel: funnelBefore, entriesLoadedAt } = (await contestRow(w, id)) as {
      funnel: Record<string, unknown>;
      entriesLoadedAt: string;
    };
    const [first, second] = before.filter((e) => e.valid);
    if (!first || !second) throw new Error("the rehearsal has fewer than two valid entries");
    // One entrant says a bad word, another is the brand's rival.
    await w.t.db
      .update(entrants)
      .set({ comments: [{ id: "c1", text: "This is FROBNICATED, folks", at: first.firstAt }] })
      .where(and(eq(entrants.contestId, id), eq(entrants.position, first.position)));

    const res = await setup(id, {
      nb_winners: 1,
      exclude_accounts: { enabled: true, list: [`@${second.screenName}`] },
      exclude_contains_badword: { enabled: true, list: ["frobnicated"] },
    });
    expect(res.status).toBe(200);
    const after = await storedEntries(id);
    expect(after.map((e) => [e.position, e.id, e.loadedAt])).toEqual(
      before.map((e) => [e.position, e.id, e.loadedAt]),
    );
    expect(after.find((e) => e.position === first.position)).toMatchObject({
      valid: false,
      reasons: ["bad_word"],
    });
    expect(after.find((e) => e.position === second.position)).toMatchObject({
      valid: false,
      reasons: ["excluded_account"],
    });
    const funnel = (await contestRow(w, id)).funnel as {
      total: number;
      valid: number;
      removed: Record<string, number>;
      read: number;
      truncated: boolean;
    };
    expect(funnel.removed.bad_word).toBe(1);
    expect(funnel.removed.excluded_account).toBeGreaterThanOrEqual(1);
    expect(funnel.valid).toBe(after.filter((e) => e.valid).length);
    expect(funnel).toMatchObject({ total: before.length, read: funnelBefore.read, truncated: false });
    expect((await contestRow(w, id)).entriesLoadedAt).toBe(entriesLoadedAt);

    // Filters off again: the entries those filters removed are valid again.
    expect((await setup(id, { nb_winners: 1 })).status).toBe(200);
    const again = await storedEntries(id);
    expect(again.find((e) => e.position === first.position)?.valid).toBe(true);
    expect(again.find((e) => e.position === second.position)?.valid).toBe(true);
  });

  it("draws the number of winners of the setup", async () => {
    w = await buildWorld();
    const id = await loadedImport(w, "01", 12);
    expect((await setup(id, { nb_winners: 3 })).status).toBe(200);
    const res = await w.owner.call("POST", `${contestPath(id)}/draws`, { kind: "final", consent: true });
    expect(res.status).toBe(201);
    expect((await res.json()).winners_count).toBe(3);
  });

  it("caps the winners at the team's winners quota (422 on nb_winners), and at 50 with manual check", async () => {
    w = await buildWorld("hobbyist");
    const id = await importContest(w);
    const errors = await errorsOf(await setup(id, { nb_winners: 6 }));
    expect(Object.keys(errors)).toEqual(["nb_winners"]);
    expect((await setup(id, { nb_winners: 5 })).status).toBe(200);

    await setPlan(w.t, w.teamId, "business");
    const withCheck = await errorsOf(
      await setup(id, { nb_winners: 50 + 1, manual_check: { enabled: true, list: ["Looks like a shop"] } }),
    );
    expect(Object.keys(withCheck)).toEqual(["nb_winners"]);
  });

  it("refuses each filter the plan lacks with 422 on its switch, whatever the plan", async () => {
    // starter: previous winners, but no bad words, excluded accounts of the draw nor manual check (nor the builder).
    w = await buildWorld("starter");
    const id = await importContest(w);
    const errors = await errorsOf(
      await setup(id, {
        nb_winners: 1,
        exclude_previous_winners: { enabled: true, nb_months: 3 },
        exclude_contains_badword: { enabled: true, list: ["scam"] },
        exclude_accounts: { enabled: true, list: ["rival"] },
        manual_check: { enabled: true, list: ["Looks like a shop"] },
      }),
    );
    expect(Object.keys(errors).sort()).toEqual([
      "exclude_accounts.enabled",
      "exclude_contains_badword.enabled",
      "manual_check.enabled",
    ]);
    expect(errors["manual_check.enabled"]).toEqual(["You don't have access to that feature."]);
    const ok = await setup(id, { nb_winners: 1, exclude_previous_winners: { enabled: true, nb_months: 3 } });
    expect(ok.status).toBe(200);
  });

  it("checks the body's shape and the base rules, naming each field", async () => {
    w = await buildWorld();
    const id = await importContest(w);
    expect(Object.keys(await errorsOf(await setup(id, {})))).toEqual(["nb_winners"]);
    expect(Object.keys(await errorsOf(await setup(id, { nb_winners: "3" })))).toEqual(["nb_winners"]);
    expect(Object.keys(await errorsOf(await setup(id, { nb_winners: 0 })))).toEqual(["nb_winners"]);
    expect(Object.keys(await errorsOf(await setup(id, { nb_winners: 1, autodraw: {} })))).toEqual([
      "autodraw",
    ]);
    expect(
      Object.keys(await errorsOf(await setup(id, { nb_winners: 1, manual_check: { enabled: "yes" } }))),
    ).toEqual(["manual_check.enabled"]);
    expect(Object.keys(await errorsOf(await setup(id, { nb_winners: 1, exclude_accounts: [] })))).toEqual([
      "exclude_accounts",
    ]);
    const rules = await errorsOf(
      await setup(id, {
        nb_winners: 1,
        exclude_previous_winners: { enabled: true, nb_months: 13 },
        exclude_contains_badword: { enabled: true, list: [] },
        manual_check: { enabled: true, list: ["ok", "Fine reason"] },
      }),
    );
    expect(Object.keys(rules).sort()).toEqual([
      "exclude_contains_badword.list",
      "exclude_previous_winners.nb_months",
      "manual_check.list.0",
    ]);
    expect((await contestRow(w, id)).config).toMatchObject({ is_setup: false });
  });

  it("answers 409 contestNoLongerEditable for a tunnel contest, a drawn or a canceled import", async () => {
    w = await buildWorld();
    const tunnel = await createContest(w, twitterForm(w.t, T0));
    const drawn = await loadedImport(w, "02", 6);
    expect(
      (await w.owner.call("POST", `${contestPath(drawn)}/draws`, { kind: "final", consent: true })).status,
    ).toBe(201);
    const canceled = await importContest(w, "03");
    await w.t.db.update(contests).set({ status: "canceled" }).where(eq(contests.id, canceled));
    for (const id of [tunnel, drawn, canceled]) {
      const res = await setup(id, { nb_winners: 1 });
      expect(res.status).toBe(409);
      expect((await res.json()).error).toBe("contestNoLongerEditable");
    }
  });

  it("needs update_contests (403) and answers 404 for another team's contest", async () => {
    w = await buildWorld();
    const id = await importContest(w);
    const viewer = await memberOf(w, "viewer@brand.example", null);
    expect((await setup(id, { nb_winners: 1 }, viewer)).status).toBe(403);
    const editor = await memberOf(w, "editor@brand.example", { "team.contests.update_contests": true });
    expect((await setup(id, { nb_winners: 1 }, editor)).status).toBe(200);
    const stranger = await signIn(w.t, "stranger@elsewhere.example", "Stranger");
    expect((await setup(id, { nb_winners: 1 }, stranger)).status).toBe(404);
  });
});
