/**
 * Product staff add a provider by editing schemas/ alone. This test plays that part: it copies schemas/ to a
 * temporary folder, adds a network that exists only under tests/fixtures/schemas (mastodon: its source schema,
 * its rule sidecar, its definition) plus the one line that lets the form body accept it, and then uses the
 * engine, unchanged, on a contest with a mastodon source.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileConfig } from "../../engine/config/compile";
import { catalogChain } from "../../engine/messages/catalogs";
import { formatErrors } from "../../engine/messages/format";
import { checkSchemaDir } from "../../engine/node/check-schemas";
import { builderConfigFrom, formSchemas, loadSchemaSet, SCHEMAS_DIR } from "../../engine/node/load-schemas";
import { compileStructure } from "../../engine/structure";
import { setToggle } from "../../engine/ties";
import { validate } from "../../engine/validation/validate";

const dir = mkdtempSync(path.join(tmpdir(), "fairdraw-schemas-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

cpSync(SCHEMAS_DIR, dir, { recursive: true });
cpSync(path.resolve("tests/fixtures/schemas"), dir, { recursive: true });

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

function mastodon(over: Record<string, unknown> = {}) {
  return {
    id: 100,
    type: "mastodon",
    validate_actions: true,
    publication: {
      needed: true,
      account_id: 42,
      content: "Boost and reply to win!",
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
        enabled: true,
        check_still_exists: true,
        keywords: { enabled: false, list: [] },
        prediction: { enabled: false, list: [] },
        mentions: { enabled: false, nb_min: 1 },
      },
      boost: { enabled: true },
    },
    ...over,
  };
}

describe("a provider added under schemas/ only", () => {
  it("is refused by the schema linter until the form body accepts it, and passes once it does", () => {
    expect(checkSchemaDir(dir).map((p) => p.message)).toEqual([
      'sources.items.oneOf lacks { "$ref": "sources/mastodon.schema.json" }',
    ]);
    const formFile = path.join(dir, "contest", "form.schema.json");
    const form = JSON.parse(readFileSync(formFile, "utf8"));
    form.properties.sources.items.oneOf.push({ $ref: "sources/mastodon.schema.json" });
    writeFileSync(formFile, JSON.stringify(form, null, 2));
    expect(checkSchemaDir(dir)).toEqual([]);
  });

  it("is validated by the engine with its own rules, messages and steps", () => {
    const config = compileConfig(builderConfigFrom(loadSchemaSet(dir)));
    expect([...config.sources.keys()]).toContain("mastodon");
    expect(config.providers.mastodon).toEqual({
      maxSourcesLimitCB: 2,
      handle: {
        pattern: "^[A-Za-z0-9_]{1,30}$",
        max_length: 30,
        case: "insensitive",
        examples: ["fairdraw"],
      },
    });

    expect(validate(contestWith(mastodon()), config, ctx)).toEqual({});

    const bad = mastodon({
      publication: { needed: true, account_id: 0, content: "x".repeat(501), media: { files: [], count: 0 } },
      actions: { comment: { enabled: false }, boost: { enabled: false } },
    });
    expect(formatErrors(catalogChain("en"), validate(contestWith(bad), config, ctx))).toEqual({
      "sources.0.publication.account_id": ["Must be greater than 0."],
      "sources.0.publication.content": ["May not be greater than 500 characters."],
      "sources.0.actions": ["At least one participation action must be on."],
    });
  });

  it("gets its ties from its rule strings: a boost can't stay on alone", () => {
    const config = compileConfig(builderConfigFrom(loadSchemaSet(dir)));
    const form = contestWith(mastodon());
    expect(setToggle(config, form, "sources.0.actions.comment.enabled", false)).toMatchObject({
      ok: false,
      blockedBy: ["sources.0.actions.boost.enabled"],
    });
  });

  it("has its body shape checked by the structural validator", () => {
    const structure = compileStructure(formSchemas(dir));
    expect(structure(contestWith(mastodon()))).toEqual({});
    const errors = structure(contestWith(mastodon({ actions: { comment: {}, boost: { enabled: "yes" } } })));
    expect(Object.keys(errors)).toContain("sources.0.actions.boost.enabled");
  });
});
