import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { teams } from "../../api/db/tables";
import { signIn } from "../helpers/api-client";
import { formBody } from "../helpers/world";
import {
  A,
  buildWorld,
  createContest,
  DAY,
  importContest,
  memberOf,
  T0,
  twitterForm,
  type World,
} from "./lifecycle/helpers";

let w: World;
afterEach(() => w.t.cleanup());

const quotas = async (s = w.owner) => {
  const res = await s.call("GET", `${A}/quotas`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Record<string, Record<string, unknown>> }).data;
};

describe("GET /api/v1/teams/current/quotas", { timeout: 30_000 }, () => {
  it("answers each quota's limit and what the team uses of it, for any member", async () => {
    w = await buildWorld();
    expect(await quotas()).toEqual({
      members: { used: 1, limit: 5, invites: 0 },
      accounts: { used: 1, limit: 5, per_provider: { facebook: 1, twitter: 1 } },
      drafts: { used: 0, limit: 10 },
      templates: { used: 0, limit: 10 },
      imports: { used: 0, limit: 50, period: "month" },
      contests: { used: 0, limit: 5 },
      winners: { limit: 50 },
      storage_mb: { used: 0, limit: 5000 },
    });

    const call = (path: string, body: unknown) => w.owner.call("POST", `${A}${path}`, body);
    expect((await call("/contests/create", formBody(w.t, "draft", "Draft one", "k1"))).status).toBe(201);
    expect((await call("/templates/create", formBody(w.t, "template", "Template one", "k2"))).status).toBe(
      201,
    );
    expect((await call("/members/invite", { email: "newcomer@brand.example" })).status).toBe(201);
    await importContest(w);
    await createContest(w, twitterForm(w.t, T0));
    const viewer = await memberOf(w, "viewer@brand.example", null);

    expect(await quotas(viewer)).toMatchObject({
      members: { used: 2, invites: 1 },
      drafts: { used: 1 },
      templates: { used: 1 },
      imports: { used: 1 },
      contests: { used: 1 },
    });
  });

  it("counts as the server refuses: at used = limit the next import is refused; a new month starts again", async () => {
    w = await buildWorld();
    await importContest(w, "01");
    await w.t.db.update(teams).set({ plan: "hobbyist" }).where(eq(teams.id, w.teamId));
    await importContest(w, "02");
    const full = await quotas();
    expect(full.imports).toEqual({ used: 2, limit: 2, period: "month" });
    const refused = await w.owner.call("POST", `${A}/contests/quickdraw`, {
      provider: "twitter",
      matched: "https://x.com/brand_twitter/status/1800000000000000003",
      confirm: true,
      name: "Import 03",
    });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe("importsQuotaExceeded");

    // A month later (the old session has expired by then: sign in again).
    w.setNow(T0 + 31 * DAY);
    const later = await signIn(w.t, "olive@brand.example", "Olive");
    expect((await quotas(later)).imports).toEqual({ used: 0, limit: 2, period: "month" });
  });

  it("needs a signed-in member of an unfrozen team", async () => {
    w = await buildWorld();
    expect((await w.t.app.request(`${A}/quotas`)).status).toBe(401);
    await w.t.db
      .update(teams)
      .set({ frozenLimitDate: new Date(T0 + DAY).toISOString() })
      .where(eq(teams.id, w.teamId));
    expect((await w.owner.call("GET", `${A}/quotas`)).status).toBe(402);
  });
});
