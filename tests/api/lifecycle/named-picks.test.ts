import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { first } from "../../../api/db/query";
import { entrants, teams } from "../../../api/db/tables";
import { buildWorld, contestPath, loadedImport, type World } from "./helpers";

let w: World;
afterEach(() => w.t.cleanup());

type Account = { provider: string; screen_name: string; name: string; url: string | null };

const entriesMeta = async (id: string) =>
  (await (await w.owner.call("GET", `${contestPath(id)}/entries?valid=true&per_page=1`)).json()).meta as {
    valid: number;
    drawable: number;
    not_drawn: { repeated: number; rejected: number; moment_winners: number };
  };

describe("the people a draw picked, named (issue 27)", { timeout: 30_000 }, () => {
  it("answers every pick of every draw with its network, handle, name and profile", async () => {
    w = await buildWorld();
    const id = await loadedImport(w, "01", 40);
    await w.owner.call("POST", `${contestPath(id)}/draws`, { kind: "test" });
    await w.owner.call("POST", `${contestPath(id)}/draws`, { kind: "final", consent: true });
    const listed = (await (await w.owner.call("GET", `${contestPath(id)}/draws`)).json()) as {
      data: { winners: string[]; substitutes: string[] }[];
      accounts: Record<string, Account>;
    };
    const picked = [...new Set(listed.data.flatMap((d) => [...d.winners, ...d.substitutes]))];
    expect(picked.length).toBeGreaterThan(1);
    expect(Object.keys(listed.accounts).sort()).toEqual([...picked].sort());
    for (const pick of picked) {
      const row = await first(
        w.t.db
          .select()
          .from(entrants)
          .where(and(eq(entrants.contestId, id), eq(entrants.id, pick)))
          .orderBy(asc(entrants.position)),
      );
      expect(listed.accounts[pick]).toEqual({
        provider: row?.provider,
        screen_name: row?.screenName,
        name: row?.name,
        url: expect.stringMatching(/^https:\/\//),
      });
    }
  });

  it("gives the public page the team's name and each winner's name and profile", async () => {
    w = await buildWorld();
    await w.t.db.update(teams).set({ name: "Lumen Coffee" }).where(eq(teams.id, w.teamId));
    const id = await loadedImport(w, "02", 40);
    await w.owner.call("POST", `${contestPath(id)}/draws`, { kind: "final", consent: true });
    const v = await (await w.t.app.request(`/api/v1/verify/${id}`)).json();
    expect(v.team_name).toBe("Lumen Coffee");
    expect(v.winners_accounts.length).toBeGreaterThan(0);
    for (const a of [...v.winners_accounts, ...v.substitutes_accounts]) {
      expect(a).toEqual({
        id: expect.any(String),
        provider: "twitter",
        screen_name: expect.any(String),
        name: expect.any(String),
        url: expect.stringMatching(/^https:\/\/x\.com\//),
      });
    }
  });

  it("says why fewer accounts take part than there are valid entries: an account entered twice, a rejection", async () => {
    w = await buildWorld();
    const id = await loadedImport(w, "03", 40);
    const before = await entriesMeta(id);
    expect(before.not_drawn).toEqual({ repeated: 0, rejected: 0, moment_winners: 0 });
    expect(before.drawable).toBe(before.valid);

    const valid = await w.t.db
      .select()
      .from(entrants)
      .where(and(eq(entrants.contestId, id), eq(entrants.valid, true)))
      .orderBy(asc(entrants.position));
    const [a, b, c, d] = valid;
    if (!a || !b || !c || !d) throw new Error("the import has too few valid entries");
    // b is a second entry of a's account; d is a second entry of c's account, and the manual check rejected d.
    const at = (row: typeof a) => and(eq(entrants.contestId, id), eq(entrants.position, row.position));
    await w.t.db.update(entrants).set({ id: a.id }).where(at(b));
    await w.t.db.update(entrants).set({ id: c.id, manualCheck: "rejected" }).where(at(d));

    const after = await entriesMeta(id);
    // Valid entries: d is no longer one (rejected); a's account counts once; c's account is rejected through d.
    expect(after.valid).toBe(before.valid - 1);
    expect(after.not_drawn).toEqual({ repeated: 1, rejected: 1, moment_winners: 0 });
    expect(after.drawable).toBe(after.valid - 2);
  });
});
