import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { teams } from "../../api/db/tables";
import { compileConfig } from "../../engine/config/compile";
import { validate } from "../../engine/validation/validate";
import { signIn } from "../helpers/api-client";
import { BUILDER_NETWORKS } from "../helpers/schema-facts";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
afterEach(() => t.cleanup());

describe("GET /api/v1/teams/current/contest-builder/config", () => {
  it("answers 401 without a session", async () => {
    t = await createTestApp();
    expect((await t.app.request("/api/v1/teams/current/contest-builder/config")).status).toBe(401);
  });

  it("serves the rules, defaults and limits from schemas/ with the team's features, quotas and accounts", async () => {
    t = await createTestApp();
    const s = await signIn(t, "owner@brand.example", "Owner");
    const res = await s.call("GET", "/api/v1/teams/current/contest-builder/config");
    expect(res.status).toBe(200);
    const config = await res.json();
    expect(config.base.fields.name.rule).toBe("required|string|between:4,50");
    expect(Object.keys(config.sources).sort()).toEqual(BUILDER_NETWORKS);
    expect(config.providers.twitter.maxSourcesLimitCB).toBeGreaterThan(0);
    expect(config.defaults.sources.bluesky.actions.repost.enabled).toBe(true);
    expect(config.team).toMatchObject({ features: [], quotas: { winners: 1 }, accounts: {} });
    expect(config.files).toBeUndefined();
  });

  it("is what the browser validates with: the same engine gives the same answer from the served config", async () => {
    t = await createTestApp();
    const s = await signIn(t, "owner@brand.example", "Owner");
    const me = await (await s.call("GET", "/api/v1/users/me")).json();
    await t.db.update(teams).set({ plan: "business" }).where(eq(teams.id, me.current_team_id));
    const config = await (await s.call("GET", "/api/v1/teams/current/contest-builder/config")).json();
    expect(config.team.features).toContain("contestBuilder");
    const served = compileConfig(config);
    const ctx = {
      now: new Date(),
      teamFeatures: new Set<string>(config.team.features),
      quotas: config.team.quotas,
    };
    const form = {
      base: { ...config.defaults.base, name: "ab" },
      sources: [],
      summary: config.defaults.summary,
    };
    expect(Object.keys(validate(form, served, ctx))).toEqual(
      Object.keys(validate(form, t.deps.catalog.builder, ctx)),
    );
  });
});
