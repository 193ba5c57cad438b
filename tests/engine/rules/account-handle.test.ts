import { describe, expect, it } from "vitest";
import { compileConfig } from "../../../engine/config/compile";
import { catalogChain } from "../../../engine/messages/catalogs";
import { formatError } from "../../../engine/messages/format";
import { builderConfigFrom, loadSchemaSet } from "../../../engine/node/load-schemas";
import { validate } from "../../../engine/validation/validate";
import { NOW, outcome, VALID } from "./helpers";

/** The builder config of schemas/, whose providers carry their handle rules. */
const config = compileConfig(builderConfigFrom(loadSchemaSet()));

function form(sources: Record<string, unknown>[], base: Record<string, unknown> = {}) {
  return { base, sources, summary: {} };
}

const excluding = (type: string, list: string[]) => ({ type, exclude_accounts: { enabled: true, list } });
const following = (type: string, list: string[]) => ({
  type,
  actions: { follow: { enabled: true, other_accounts: { enabled: true, list } } },
});

/** The first error of one field, in English (null when valid). */
function errorOf(f: unknown, path: string): string | null {
  const errors = validate(
    f,
    config,
    { now: NOW, teamFeatures: new Set(), quotas: {} },
    { kind: "field", path },
  );
  const first = errors[path]?.[0];
  return first ? formatError(catalogChain("en"), first) : null;
}

describe("account_handle", () => {
  it("takes bluesky domain handles in a bluesky source's excluded accounts, past the old 50 characters", () => {
    const long = `@${"abcdefghi.".repeat(20)}example.com`;
    const f = form([excluding("bluesky", ["@alice.bsky.social", "@news.example.com", long, "@brand"])]);
    for (const i of [0, 1, 2, 3]) expect(errorOf(f, `sources.0.exclude_accounts.list.${i}`)).toBeNull();
  });

  it("refuses what is not a bluesky handle, naming an account of the network", () => {
    const f = form([excluding("bluesky", ["@alice..bsky.social"])]);
    expect(errorOf(f, "sources.0.exclude_accounts.list.0")).toBe(
      "Is not an account name of this network (for example @fairdraw.bsky.social).",
    );
  });

  it("refuses a dotted handle in a twitter source and takes a twitter one", () => {
    const f = form([excluding("twitter", ["@alice.bsky.social", "@Fair_Draw"])]);
    expect(errorOf(f, "sources.0.exclude_accounts.list.0")).toBe(
      "Is not an account name of this network (for example @fairdraw).",
    );
    expect(errorOf(f, "sources.0.exclude_accounts.list.1")).toBeNull();
  });

  it("checks the accounts to follow by the source's network", () => {
    const f = form([
      following("bluesky", ["@news.example.com"]),
      following("twitter", ["@news.example.com", "@a"]),
    ]);
    expect(errorOf(f, "sources.0.actions.follow.other_accounts.list.0")).toBeNull();
    expect(errorOf(f, "sources.1.actions.follow.other_accounts.list.0")).not.toBeNull();
    expect(errorOf(f, "sources.1.actions.follow.other_accounts.list.1")).toBeNull();
  });

  it("takes an account of any network in the contest's own list, and refuses what no network has", () => {
    const f = form([], {
      exclude_accounts: { enabled: true, list: ["@alice.bsky.social", "@Brand", "@bad!"] },
    });
    expect(errorOf(f, "base.exclude_accounts.list.0")).toBeNull();
    expect(errorOf(f, "base.exclude_accounts.list.1")).toBeNull();
    expect(errorOf(f, "base.exclude_accounts.list.2")).toBe("Is not an account name of any network.");
  });

  it("passes when the config gives the network no handle rule", () => {
    expect(outcome({ rule: "account_handle", path: "sources.0.x", value: "@not a handle" })).toBe(VALID);
    expect(outcome({ rule: "account_handle", path: "base.x", value: "@not a handle" })).toBe(VALID);
  });
});
