/**
 * Product staff add a provider by editing schemas/ alone. This test plays that part: it copies schemas/ to a
 * temporary folder, adds a network that exists only under tests/fixtures/schemas (fediwisp, a made-up fediverse
 * network: its source schema, its rule sidecar, its definition) plus the one line that lets the form body accept
 * it, and then uses the engine, unchanged, on a contest with a fediwisp source: validation, ties, structure,
 * mentions read by its handle rule, and the draw's filters checking its favourite and boost by their kinds.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ProviderDefinition } from "../../codegen/types";
import { compileConfig } from "../../engine/config/compile";
import { applyFilters, sandboxEntrants } from "../../engine/lifecycle";
import { catalogChain } from "../../engine/messages/catalogs";
import { formatErrors } from "../../engine/messages/format";
import { checkSchemaDir } from "../../engine/node/check-schemas";
import { builderConfigFrom, formSchemas, loadSchemaSet } from "../../engine/node/load-schemas";
import { profileUrlOf } from "../../engine/provider";
import { compileStructure } from "../../engine/structure";
import { mentionedAccounts } from "../../engine/text/mentions";
import { setToggle } from "../../engine/ties";
import { validate } from "../../engine/validation/validate";
import { acceptFixture, FIXTURE_PROVIDER, schemasWithFixture } from "../helpers/fixture-schemas";

const { dir, cleanup } = schemasWithFixture({ accepted: false });
afterAll(cleanup);

const NOW = new Date("2026-06-01T12:00:00.000Z");
const ctx = { now: NOW, teamFeatures: new Set(["contestBuilder", "darkPosts"]), quotas: { winners: 10 } };
const iso = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

function contestWith(source: Record<string, unknown>) {
  return {
    status: "planned",
    forPayment: false,
    base: {
      name: "Fediverse giveaway",
      type: "tunnel",
      start_date: iso(3_600_000),
      close_date: iso(3 * 86_400_000),
      nb_winners: 2,
      exclude_previous_winners: { enabled: false, nb_months: 3 },
      manual_check: { enabled: false, list: [] },
      autodraw: { enabled: false, date: null },
      exclude_accounts: { enabled: false, touched: false, list: [] },
      exclude_contains_badword: { enabled: false, touched: false, list: [] },
    },
    sources: [source],
    summary: { parameters_verified: true },
  };
}

function fediwisp(over: Record<string, unknown> = {}) {
  return {
    id: 100,
    type: FIXTURE_PROVIDER,
    validate_actions: true,
    publication: {
      needed: true,
      account_id: 42,
      content: "Favourite and boost to win!",
      media: { files: [], count: 0 },
    },
    winners_publication: {
      enabled: false,
      type: null,
      content: "",
      dark: false,
      media: { files: [], count: 0 },
    },
    actions: {
      comment: {
        enabled: false,
        check_still_exists: true,
        keywords: { enabled: false, list: [] },
        prediction: { enabled: false, list: [] },
        mentions: { enabled: false, nb_min: 1 },
      },
      favourite: { enabled: true },
      boost: { enabled: true },
    },
    ...over,
  };
}

function definition(): ProviderDefinition {
  const found = loadSchemaSet(dir).providers.get(FIXTURE_PROVIDER)?.data;
  if (!found) throw new Error("no fixture definition");
  return found as unknown as ProviderDefinition;
}

describe("a provider added under schemas/ only", () => {
  it("is refused by the schema linter until the form body accepts it, and passes once it does", () => {
    expect(checkSchemaDir(dir).map((p) => p.message)).toEqual([
      `sources.items.oneOf lacks { "$ref": "sources/${FIXTURE_PROVIDER}.schema.json" }`,
    ]);
    acceptFixture(dir);
    expect(checkSchemaDir(dir)).toEqual([]);
  });

  it("is validated by the engine with its own rules, messages and steps", () => {
    const config = compileConfig(builderConfigFrom(loadSchemaSet(dir)));
    expect([...config.sources.keys()]).toContain(FIXTURE_PROVIDER);
    expect(config.providers[FIXTURE_PROVIDER]).toMatchObject({
      maxSourcesLimitCB: 2,
      handle: { suffix: "@wisp.example", case: "insensitive" },
    });

    expect(validate(contestWith(fediwisp()), config, ctx)).toEqual({});

    const bad = fediwisp({
      publication: { needed: true, account_id: 0, content: "x".repeat(501), media: { files: [], count: 0 } },
      actions: { comment: { enabled: false }, favourite: { enabled: false }, boost: { enabled: false } },
    });
    expect(formatErrors(catalogChain("en"), validate(contestWith(bad), config, ctx))).toEqual({
      "sources.0.publication.account_id": ["Must be greater than 0."],
      "sources.0.publication.content": ["May not be greater than 500 characters."],
      "sources.0.actions": ["At least one participation action must be on."],
    });
  });

  it("gets its ties from its rule strings: a boost can't stay on alone", () => {
    const config = compileConfig(builderConfigFrom(loadSchemaSet(dir)));
    const form = contestWith(fediwisp());
    expect(setToggle(config, form, "sources.0.actions.favourite.enabled", false)).toMatchObject({
      ok: false,
      blockedBy: ["sources.0.actions.boost.enabled"],
    });
  });

  it("has its body shape checked by the structural validator", () => {
    const structure = compileStructure(formSchemas(dir));
    expect(structure(contestWith(fediwisp()))).toEqual({});
    const errors = structure(
      contestWith(fediwisp({ actions: { comment: {}, favourite: {}, boost: { enabled: "yes" } } })),
    );
    expect(Object.keys(errors)).toContain("sources.0.actions.boost.enabled");
  });

  it("reads mentions by its handle rule: @alice@fosstodon.org is one account, @bob is bob@wisp.example", () => {
    const network = definition();
    expect([...mentionedAccounts("Thanks @alice@fosstodon.org and @bob!", network)]).toEqual([
      "alice@fosstodon.org",
      "bob@wisp.example",
    ]);
    expect(profileUrlOf(network, "alice@fosstodon.org")).toBe("https://wisp.example/@alice@fosstodon.org");
  });

  it("draws only entrants who did both when favourite and boost are required", () => {
    const network = definition();
    const source = fediwisp();
    const entrants = sandboxEntrants({ contestId: "c1", source, network, count: 60, now: NOW.toISOString() });
    for (const e of entrants) expect(e.screen_name).toMatch(/@wisp\.example$/);
    const { verdicts } = applyFilters(
      entrants,
      { sources: [source] },
      { now: NOW.toISOString(), previousWinners: [], providers: new Map([[FIXTURE_PROVIDER, network]]) },
    );
    const byId = new Map(entrants.map((e) => [e.id, e]));
    const valid = verdicts.filter((v) => v.valid).map((v) => byId.get(v.id));
    expect(valid.length).toBeGreaterThan(0);
    for (const e of valid) expect(e?.did).toMatchObject({ like: true, repost: true });
    const reasons = new Set(verdicts.flatMap((v) => v.reasons));
    expect(reasons).toContain("missing_like");
    expect(reasons).toContain("missing_repost");
  });
});

describe("the schema linter on a provider's actions and text limits", () => {
  const edit = (file: string, change: (data: Record<string, unknown>) => void) => {
    const full = path.join(dir, file);
    const before = readFileSync(full, "utf8");
    const data = JSON.parse(before);
    change(data);
    writeFileSync(full, JSON.stringify(data));
    return () => writeFileSync(full, before);
  };
  const providerFile = `providers/${FIXTURE_PROVIDER}.json`;

  it("refuses an action with no kind and one of a kind the engine does not know", () => {
    acceptFixture(dir);
    const undo = edit(providerFile, (d) => {
      d.actions = { comment: { kind: "comment" }, favourite: { kind: "favorite" } };
    });
    try {
      expect(checkSchemaDir(dir).map((p) => p.message)).toEqual(
        expect.arrayContaining([
          'actions.favourite: kind "favorite" is not one of comment, repost, quote, like, follow, react, custom',
          "actions.boost (an action of fediwisp.schema.json) has no kind",
        ]),
      );
    } finally {
      undo();
    }
  });

  it("refuses an action kind without its capability, a capability of an unknown kind and a partial one without its max, naming file and field", () => {
    const undo = edit(providerFile, (d) => {
      const capabilities = d.capabilities as { actions: Record<string, unknown> };
      capabilities.actions = {
        comment: { read: "checked" },
        like: { read: "partial" },
        bookmark: { read: "checked" },
      };
    });
    try {
      const problems = checkSchemaDir(dir).filter((p) => p.file.endsWith(providerFile));
      expect(problems.every((p) => /^\/?capabilities[./]/.test(p.message))).toBe(true);
      expect(problems.map((p) => p.message)).toEqual(
        expect.arrayContaining([
          "/capabilities/actions/like must have required property 'max'",
          expect.stringMatching(
            /^capabilities\.actions\.repost is missing: actions\.boost is of kind "repost"/,
          ),
          'capabilities.actions.bookmark: "bookmark" is not one of comment, repost, quote, like, follow, react, custom',
        ]),
      );
    } finally {
      undo();
    }
  });

  it("refuses a during_contest flag beside a search window: a window always means the list is read while the contest runs", () => {
    const undo = edit(providerFile, (d) => {
      const capabilities = d.capabilities as { actions: Record<string, unknown> };
      capabilities.actions = {
        ...capabilities.actions,
        comment: { read: "checked", window_days: 7, during_contest: true },
      };
    });
    try {
      const messages = checkSchemaDir(dir)
        .filter((p) => p.file.endsWith(providerFile))
        .map((p) => p.message);
      expect(messages).toContain("/capabilities/actions/comment must NOT have additional properties");
    } finally {
      undo();
    }
  });

  it("refuses a private-message mode it does not know and a reply window without its days", () => {
    const undo = edit(providerFile, (d) => {
      (d.capabilities as Record<string, unknown>).private_messages = { mode: "reply_to_comment" };
    });
    try {
      const messages = checkSchemaDir(dir)
        .filter((p) => p.file.endsWith(providerFile))
        .map((p) => p.message);
      expect(messages).toContain("/capabilities/private_messages must have required property 'window_days'");
    } finally {
      undo();
    }
  });

  it("refuses, as the server does, a source whose only actions are ones its network cannot check", () => {
    const undo = edit(providerFile, (d) => {
      const capabilities = d.capabilities as { actions: Record<string, unknown> };
      capabilities.actions = { ...capabilities.actions, like: { read: "unchecked" } };
    });
    try {
      const config = compileConfig(builderConfigFrom(loadSchemaSet(dir)));
      expect(config.providers[FIXTURE_PROVIDER]?.unchecked_actions).toEqual(["favourite"]);
      const onlyFavourite = fediwisp({
        actions: { comment: { enabled: false }, favourite: { enabled: true }, boost: { enabled: false } },
      });
      expect(formatErrors(catalogChain("en"), validate(contestWith(onlyFavourite), config, ctx))).toEqual({
        "sources.0.actions": [
          "Switch on at least one action the network can check: the others are not checked.",
        ],
      });
      // Validating the one field answers the same.
      expect(
        validate(contestWith(onlyFavourite), config, ctx, { kind: "field", path: "sources.0.actions" }),
      ).toEqual({ "sources.0.actions": [{ key: "validation.step.none_checked", rule: "at_least_one_of" }] });
      // With a boost the network lists, the favourite is offered for what it is, and the contest is valid.
      expect(validate(contestWith(fediwisp()), config, ctx)).toEqual({});
    } finally {
      undo();
    }
  });

  it("refuses a widget name the builder does not have", () => {
    const undo = edit(`contest/sources/${FIXTURE_PROVIDER}.rules.json`, (d) => {
      const fields = d.fields as Record<string, { ui: Record<string, unknown> }>;
      (fields["publication.content"] as { ui: Record<string, unknown> }).ui.widget = "textera";
    });
    try {
      expect(checkSchemaDir(dir).map((p) => p.message)).toContain(
        "/fields/publication.content/ui/widget must be equal to one of the allowed values",
      );
    } finally {
      undo();
    }
  });

  it("refuses a text.content_max that disagrees with the rule strings", () => {
    const undo = edit(providerFile, (d) => {
      (d.text as Record<string, unknown>).content_max = 400;
    });
    try {
      expect(checkSchemaDir(dir).map((p) => p.message)).toContain(
        "text.content_max is 400, but publication.content allows 500 (between)",
      );
    } finally {
      undo();
    }
  });
});
