/** matchPost: the network and post of a pasted URL, over every provider's url_examples (schemas/providers). */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSchemaSet, SCHEMAS_DIR } from "../../engine/node/load-schemas";
import { MAX_POST_URL_LENGTH, matchPost, type QuickdrawProvider } from "../../engine/quickdraw";

const TWEET = "https://x.com/fairdraw/status/1790000000000000000";

/** The provider definitions as the catalogue holds them (name → definition, in file-name order). */
const providers: ReadonlyMap<string, QuickdrawProvider> = new Map(
  [...loadSchemaSet().providers].map(([name, f]) => [name, f.data as unknown as QuickdrawProvider]),
);

type ProviderFile = {
  name: string;
  quickdraw: boolean;
  url_examples?: { url: string; post_id: string }[];
};

const PROVIDERS: ProviderFile[] = readdirSync(path.join(SCHEMAS_DIR, "providers"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => JSON.parse(readFileSync(path.join(SCHEMAS_DIR, "providers", f), "utf8")) as ProviderFile);

const EXAMPLES = PROVIDERS.flatMap((p) =>
  (p.url_examples ?? []).map((e) => ({ provider: p.name, quickdraw: p.quickdraw, ...e })),
);

describe("reading the network and post of a pasted URL", () => {
  it("has examples for every network that offers quick imports", () => {
    for (const p of PROVIDERS.filter((p) => p.quickdraw)) {
      expect(p.url_examples?.length ?? 0, p.name).toBeGreaterThan(0);
    }
    expect(EXAMPLES.length).toBeGreaterThan(20);
  });

  it.each(EXAMPLES)("reads $provider post $post_id from $url", ({ provider, url, post_id }) => {
    expect(matchPost(providers, url)).toMatchObject({ provider, post_id });
  });

  it("ignores surrounding spaces and reads a link pasted without its scheme as https", () => {
    expect(matchPost(providers, `  ${TWEET}\n`)).toMatchObject({
      provider: "twitter",
      post_id: "1790000000000000000",
    });
    expect(matchPost(providers, "x.com/fairdraw/status/42")).toMatchObject({
      provider: "twitter",
      post_id: "42",
    });
    expect(matchPost(providers, "www.instagram.com/p/C8xYz12AbCd/")).toMatchObject({
      provider: "instagram",
      post_id: "C8xYz12AbCd",
    });
  });

  it("gives the author's handle when the link shows one", () => {
    expect(matchPost(providers, TWEET)?.user).toBe("fairdraw");
    expect(matchPost(providers, "https://x.com/i/web/status/1790000000000000002")?.user).toBeNull();
  });

  it.each([
    "",
    "   ",
    "hello",
    "1790000000000000000",
    "https://example.com/fairdraw/status/1790000000000000000",
    "https://x.com/fairdraw",
    "https://x.com.evil.example/fairdraw/status/1",
    "https://evilx.com/fairdraw/status/1",
    "https://www.instagram.com/fairdraw/",
    "https://www.facebook.com/fairdrawapp",
    "https://www.youtube.com/watch?v=short",
    "https://www.linkedin.com/posts/fairdraw_activity-7000000000000000000",
    "https://www.twitch.tv/fairdraw",
    "ftp://x.com/fairdraw/status/1",
    "javascript:alert(1)//x.com/a/status/1",
  ])("reads no post from %j", (url) => {
    expect(matchPost(providers, url)).toBeNull();
  });

  it("reads no post from a text longer than any link", () => {
    expect(
      matchPost(providers, `https://x.com/fairdraw/status/1?${"a".repeat(MAX_POST_URL_LENGTH)}`),
    ).toBeNull();
  });
});
