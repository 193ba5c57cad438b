import { describe, expect, it } from "vitest";
import { sharedCatalog } from "../../../api/deps";
import { sandboxDriver, sandboxEntrantProfile, sandboxProfile } from "../../../api/drivers/sandbox";
import type { StoredAccount } from "../../../api/drivers/types";
import { fillAccountAges } from "../../../api/services/entrants";
import { fillTokens, verifyUrl } from "../../../api/services/publications";
import { sandboxEntrants } from "../../../engine/lifecycle";
import { isValidHandle } from "../../../engine/text/handle";

const account: StoredAccount = {
  provider: "twitter",
  external_id: "1001",
  name: "Brand",
  screen_name: "brand",
  profile_picture: null,
  url: null,
  sandbox: true,
};
const key = { contest_id: "c1", source_id: "s1", kind: "main" as const, key: "main" };
const NOW = new Date("2030-03-02T09:00:00.000Z");

describe("the sandbox driver", () => {
  it("names its accounts and entrants' profiles with handles each network's own rule accepts", () => {
    const withRules = [...sharedCatalog().providers.values()].filter((p) => p.handle);
    expect(withRules.map((p) => p.name)).toContain("bluesky");
    for (const provider of withRules) {
      const rule = provider.handle as NonNullable<typeof provider.handle>;
      for (const n of [1, 2, 999_999]) {
        const linked = sandboxProfile(provider, n).screen_name;
        expect(isValidHandle(rule, linked), `${provider.name} ${linked}`).toBe(true);
      }
      const entrant = sandboxEntrantProfile(provider, "9000000123", NOW).screen_name;
      expect(isValidHandle(rule, entrant), `${provider.name} ${entrant}`).toBe(true);
    }
  });

  it("answers the same post for the same publication key, another for another key", async () => {
    const first = await sandboxDriver.publish({ ...key, account, text: "a", media: [], dark: false });
    const again = await sandboxDriver.publish({ ...key, account, text: "changed", media: [], dark: false });
    const other = await sandboxDriver.publish({
      ...key,
      key: "other",
      account,
      text: "a",
      media: [],
      dark: false,
    });
    expect(first).toEqual(again);
    expect(other.external_post_id).not.toBe(first.external_post_id);
    const reply = await sandboxDriver.reply({
      ...key,
      kind: "reminder",
      key: "r1",
      account,
      text: "r",
      media: [],
      dark: false,
      mode: "reply",
      in_reply_to: first.external_post_id,
    });
    expect(reply.external_post_id).toMatch(/^sandbox-\d+$/);
  });

  it("gives a source's deterministic entrants under its stored id, none before the post exists", async () => {
    const provider = sharedCatalog().providers.get("twitter");
    if (!provider) throw new Error("no twitter provider");
    const request = {
      provider,
      contest_id: "c1",
      source_id: "stored-1",
      post_id: "123",
      account,
      source: { type: "twitter", actions: { like: { enabled: true } } },
      accounts_to_follow: [],
      now: NOW,
      limit: 10,
    };
    const one = await sandboxDriver.loadEntries(request);
    expect(one.entrants).toHaveLength(10);
    expect(one.entrants.every((e) => e.source_id === "stored-1" && e.id === `twitter:${e.external_id}`)).toBe(
      true,
    );
    expect(await sandboxDriver.loadEntries(request)).toEqual(one);
    expect(
      (await sandboxDriver.loadEntries({ ...request, limit: 500, sandbox_entrants: 25 })).entrants,
    ).toHaveLength(25);
    expect(await sandboxDriver.loadEntries({ ...request, post_id: null })).toEqual({
      entrants: [],
      lists: [],
    });
    // A rehearsal reads as X does: at most 100 likers listed, the total said beside them.
    const many = await sandboxDriver.loadEntries({ ...request, limit: 500, sandbox_entrants: 400 });
    const likers = many.lists.find((l) => l.action === "like");
    expect(likers?.listed).toBe(100);
    expect(likers?.total).toBeGreaterThan(100);
    expect(many.entrants.filter((e) => e.did.like)).toHaveLength(100);
    const profile = await sandboxDriver.fetchProfile(provider, "42", NOW);
    expect(Date.parse(profile.account_created_at ?? "")).toBeLessThan(NOW.getTime());
    expect(await sandboxDriver.fetchProfile(provider, "42", NOW)).toEqual(profile);
  });
});

describe("filling what the networks leave out", () => {
  it("fetches the profiles of entrants without an account date, at most the given number", async () => {
    const provider = sharedCatalog().providers.get("twitter");
    if (!provider) throw new Error("no twitter provider");
    const list = sandboxEntrants({
      contestId: "c1",
      source: { id: "s1", type: "twitter" },
      network: provider,
      count: 5,
      now: NOW.toISOString(),
    }).map((e, i) => (i < 4 ? { ...e, account_created_at: null } : e));
    const asked: string[] = [];
    const filled = await fillAccountAges(
      {
        fetchProfile: async (_p, id) => {
          asked.push(id);
          return {
            ...(await sandboxDriver.fetchProfile(provider, id, NOW)),
            account_created_at: "2020-01-01T00:00:00.000Z",
          };
        },
      },
      provider,
      list,
      NOW,
      3,
    );
    expect(asked).toEqual(list.slice(0, 3).map((e) => e.external_id));
    expect(filled.map((e) => e.account_created_at)).toEqual([
      "2020-01-01T00:00:00.000Z",
      "2020-01-01T00:00:00.000Z",
      "2020-01-01T00:00:00.000Z",
      null,
      list[4]?.account_created_at,
    ]);
  });

  it("fills the publication tokens: the seed commitment's first 16 characters, the verify link, names", () => {
    const commitment = "a".repeat(16) + "b".repeat(48);
    const text = fillTokens("{SEED} {DRAW_LINK} {NAME} {WINNERS} {1}", {
      seedCommitment: commitment,
      drawLink: verifyUrl("https://fairdraw.example/", "c1"),
      name: "Léa",
      winners: "@a, @b",
    });
    expect(text).toBe("aaaaaaaaaaaaaaaa https://fairdraw.example/verify/c1 Léa @a, @b {1}");
  });
});
