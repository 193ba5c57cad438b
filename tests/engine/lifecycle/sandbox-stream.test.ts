/**
 * The sandbox's entrants are published (a rehearsal's draws and its /verify list are made over them): a faster
 * generator must give them byte for byte as before. The digests below were taken from the generator as it was
 * before the sandbox passed node's SHA-256 (session 6, issue 16); both SHA-256s must give them.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { nodeSha256 } from "../../../api/drivers/sandbox";
import type { ProviderDefinition } from "../../../codegen/types";
import { type Sha256Text, sandboxEntrants, seededRandom } from "../../../engine/lifecycle";
import { loadSchemaSet } from "../../../engine/node/load-schemas";
import { FIXTURE_PROVIDER, schemasWithFixture } from "../../helpers/fixture-schemas";
import { fullyConfiguredTwitter, NOW, networkOf, PROVIDERS } from "./fixtures";

const digestOf = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

const GOLDEN: Record<string, string> = {
  twitter5000: "2a6034f6fa8ec1d695eb3089ec86f388a8f4d579bc5b3312f86f9127c5c5594d",
  bluesky: "e39d05c944e66be1052999ecacde2237f83899e6faff3ae3f4154e4f5be4bf8c",
  facebook: "147d5ca0e4ac10e6c395f9dae8fb4d74dcc6d488100744858b4eebeca14154ba",
  instagram: "48b96049fc59238fc4a529fa1766426a2d72fc8552c607f468d2dbe4482f1e00",
  threads: "b8108311e7154b550fd65db637bfa63e62b0269c712cb1d44d00e09714cbbbff",
  tiktok: "f9b593582123e455758bd70424b9cfc6094f2b9f8bd5505bf6c2ab3fc30225b2",
  twitter: "22098d620d11af001bef2cbbfa08b11395bcc4b0df79fee989012f38327c6528",
  youtube: "bb4f9ec08e84f151b28c28c829a3c0140df0e148a54e78bfe476c9723b9ceb77",
};

/**
 * The digests of a 5 000-entrant X source and of 300 entrants of every network of `providers` (the networks of
 * schemas/ by default): a network added since the digests were taken is one more key, checked below for the two
 * SHA-256s agreeing, not against a digest it never had.
 */
function digests(
  digest: Sha256Text | undefined,
  providers: ReadonlyMap<string, ProviderDefinition> = PROVIDERS,
): Record<string, string> {
  const { source, base } = fullyConfiguredTwitter();
  const out: Record<string, string> = {
    twitter5000: digestOf(
      sandboxEntrants({
        contestId: "golden",
        source,
        base,
        count: 5000,
        now: NOW,
        network: networkOf(source),
        window: { start: "2030-05-01T00:00:00.000Z", end: "2030-05-04T00:00:00.000Z" },
        returning: [{ external_id: "123", screen_name: "regular", name: "A Regular" }],
        ...(digest ? { digest } : {}),
      }),
    ),
  };
  for (const p of [...providers.values()].filter((d) => d.contestbuilder)) {
    const s = { id: `src-${p.name}`, type: p.name, actions: {} };
    out[p.name] = digestOf(
      sandboxEntrants({
        contestId: "golden",
        source: s,
        count: 300,
        now: NOW,
        network: p,
        ...(digest ? { digest } : {}),
      }),
    );
  }
  return out;
}

describe("the sandbox's entrants, whichever SHA-256 makes their stream", () => {
  const recorded = (all: Record<string, string>) =>
    Object.fromEntries(Object.keys(GOLDEN).map((k) => [k, all[k]]));

  it("are those the generator gave before, with the engine's SHA-256", () => {
    expect(recorded(digests(undefined))).toEqual(GOLDEN);
  });

  it("are the same with node's SHA-256 (what the sandbox driver passes), for every network", () => {
    const engine = digests(undefined);
    expect(recorded(digests(nodeSha256))).toEqual(GOLDEN);
    expect(digests(nodeSha256)).toEqual(engine);
  });

  it("take a network added under schemas/ alone (fediwisp, in a copy) as one more, not as a changed digest", () => {
    const { dir, cleanup } = schemasWithFixture();
    try {
      const providers = new Map(
        [...loadSchemaSet(dir).providers].map(([name, f]) => [name, f.data as ProviderDefinition]),
      );
      const engine = digests(undefined, providers);
      expect(Object.keys(engine)).toContain(FIXTURE_PROVIDER);
      expect(recorded(engine)).toEqual(GOLDEN);
      expect(digests(nodeSha256, providers)).toEqual(engine);
    } finally {
      cleanup();
    }
  });

  it("node's SHA-256 gives the engine's stream word for word, across blocks and with non-ASCII seeds", () => {
    for (const [seed, label] of [
      ["abc", "final"],
      ["contést-é", "sandbox:源"],
    ] as const) {
      const engine = seededRandom(seed, label);
      const node = seededRandom(seed, label, nodeSha256);
      const a = Array.from({ length: 100 }, () => engine.nextUint32());
      expect(Array.from({ length: 100 }, () => node.nextUint32())).toEqual(a);
    }
  });
});
