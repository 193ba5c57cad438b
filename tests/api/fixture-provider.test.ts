/**
 * A network added under schemas/ only, end to end through the real app: the server reads a schemas/ folder with
 * the test-only fediwisp network (tests/fixtures/schemas: favourite of kind like, boost of kind repost,
 * user@instance handles) and, with no code change, describes it in the OpenAPI document and the builder config,
 * links a sandbox account of it, runs a contest on it, and draws only entrants who both favourited and boosted.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../../api/catalog";
import { draws, entrants } from "../../api/db/tables";
import { FIXTURE_PROVIDER, schemasWithFixture } from "../helpers/fixture-schemas";
import { A, buildWorld, createContest, DAY, HOUR, iso, T0, type World } from "./lifecycle/helpers";

const schemas = schemasWithFixture();
let w: World;
beforeAll(async () => {
  w = await buildWorld("business", { catalog: loadCatalog(schemas.dir) });
});
afterAll(async () => {
  await w.t.cleanup();
  schemas.cleanup();
});

type Json = Record<string, unknown>;

describe("a network added under schemas/ only, through the app", { timeout: 60_000 }, () => {
  it("is described by the OpenAPI document: the contest body's sources are a oneOf over every provider", async () => {
    const doc = (await (await w.t.app.request("/api/v1/openapi.json")).json()) as {
      components: { schemas: Record<string, Json> };
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Json }> } }>>;
    };
    const body =
      doc.paths["/api/v1/teams/current/contests/create"]?.post?.requestBody?.content["application/json"]
        ?.schema;
    expect(body).toEqual({ $ref: "#/components/schemas/ContestForm" });
    const form = doc.components.schemas.ContestForm as {
      properties: { sources: { items: { oneOf: Json[] } } };
    };
    expect(form.properties.sources.items.oneOf).toContainEqual({
      $ref: "#/components/schemas/FediwispSource",
    });
    const source = doc.components.schemas.FediwispSource as { properties: { actions: { properties: Json } } };
    expect(Object.keys(source.properties.actions.properties)).toEqual(["comment", "favourite", "boost"]);
  });

  it("links a sandbox account, runs a contest asking favourite and boost, and draws only entrants who did both", async () => {
    const { owner } = w;
    const config = (await (await owner.call("GET", `${A}/contest-builder/config`)).json()) as {
      sources: Json;
      defaults: { base: Json; sources: Record<string, Json> };
    };
    expect(Object.keys(config.sources)).toContain(FIXTURE_PROVIDER);

    const linked = await owner.call("POST", `${A}/accounts/link`, { provider: FIXTURE_PROVIDER });
    expect(linked.status).toBe(201);
    const account = (await linked.json()) as { external_id: string; screen_name: string; url: string };
    expect(account).toMatchObject({
      screen_name: "sandbox1@wisp.example",
      url: "https://wisp.example/@sandbox1@wisp.example",
    });

    const startAt = T0 + HOUR;
    const closeAt = startAt + 3 * DAY;
    const source = structuredClone(config.defaults.sources[FIXTURE_PROVIDER]) as {
      publication: Json;
      actions: Record<string, Json>;
    };
    Object.assign(source, { id: 100, type: FIXTURE_PROVIDER });
    source.publication.account_id = Number(account.external_id);
    source.publication.content = "Favourite and boost this post to win!";
    source.actions.favourite = { enabled: true };
    source.actions.boost = { enabled: true };
    const base = {
      ...structuredClone(config.defaults.base),
      name: "Fediverse giveaway",
      start_date: iso(startAt),
      original_start_date: iso(startAt),
      close_date: iso(closeAt),
      nb_winners: 5,
      autodraw: { enabled: true, date: iso(closeAt + HOUR) },
    };
    const id = await createContest(w, { base, sources: [source], summary: { parameters_verified: true } });

    for (const at of [startAt, closeAt, closeAt + HOUR]) await w.tickAt(at);
    const final = (await w.t.db.select().from(draws).where(eq(draws.contestId, id))).find(
      (d) => d.kind === "final",
    );
    expect(final?.winners).toHaveLength(5);

    const rows = await w.t.db.select().from(entrants).where(eq(entrants.contestId, id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.screenName).toMatch(/@wisp\.example$/);
    const reasons = new Set(rows.flatMap((r) => r.reasons));
    expect(reasons).toContain("missing_like");
    expect(reasons).toContain("missing_repost");
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const winner of final?.winners ?? []) {
      expect(byId.get(winner)?.did).toMatchObject({ like: true, repost: true });
    }
  });
});
