/**
 * The builder's forms are validated by code compiled at build time (codegen/forms/validators.js), not by ajv in the
 * browser: every pane form the builder renders from schemas/ has its compiled validator, the committed file is what
 * the generator makes of today's schemas, and the compiled code (with its shared subtrees) decides and reports as
 * rjsf's own ajv validator does, on real forms and on broken ones.
 */

import { readFileSync } from "node:fs";
import type { RJSFSchema, ValidatorType } from "@rjsf/utils";
import ajvValidator from "@rjsf/validator-ajv8";
import { describe, expect, it } from "vitest";
import { maximalContest, maximalSource } from "../../bench/fixtures/maximal-contest";
import { generateFormValidators } from "../../codegen/form-validators";
import { builderConfigFrom, loadSchemaSet } from "../../engine/node/load-schemas";
import { getPath, isPlainObject } from "../../engine/values";
import { customWidgetNames } from "../../web/src/builder/rjsf/registry";
import { precompiledValidator } from "../../web/src/builder/rjsf/validator";
import { everyPaneSchema, type PaneSchema } from "../../web/src/builder/schema/pane-schemas";
import { registerSchema, type Schema } from "../../web/src/builder/schema/schemas";
import fixtureSchema from "../fixtures/schemas/contest/sources/fediwisp.schema.json";
import { FIXTURE_PROVIDER, schemasWithFixture } from "../helpers/fixture-schemas";

const config = builderConfigFrom(loadSchemaSet());
const panes = everyPaneSchema(config, customWidgetNames);
const contest = maximalContest() as unknown as Record<string, unknown>;

/**
 * What a pane form is given: the maximal contest's part (base, summary, or the provider's first source); a network
 * the maximal contest does not have (one added under schemas/ since) gets its own source, every option on.
 */
function dataOf(pane: PaneSchema, dir?: string): Record<string, unknown> {
  if (pane.scope.kind !== "source") return getPath(contest, pane.scope.kind) as Record<string, unknown>;
  const provider = pane.scope.provider;
  const source = (contest.sources as Record<string, unknown>[]).find((s) => s.type === provider);
  return source ?? maximalSource(provider, 100, dir);
}

/** Copies of the data with one leaf the schema describes given a value of the wrong type. */
function broken(schema: RJSFSchema, data: unknown, at: string[] = []): { path: string; data: unknown }[] {
  const out: { path: string; data: unknown }[] = [];
  const props = schema.properties as Record<string, RJSFSchema> | undefined;
  if (props && isPlainObject(data)) {
    for (const [key, child] of Object.entries(props)) {
      if (!(key in data)) continue;
      for (const b of broken(child, data[key], [...at, key]))
        out.push({ ...b, data: { ...data, [key]: b.data } });
    }
    return out;
  }
  const items = schema.items as RJSFSchema | undefined;
  if (items && Array.isArray(data) && data.length > 0) {
    for (const b of broken(items, data[data.length - 1], [...at, String(data.length - 1)])) {
      out.push({ ...b, data: [...data.slice(0, -1), b.data] });
    }
    return out;
  }
  // A leaf: an object where a scalar or a list is expected, a number where an object is.
  return [{ path: at.join("."), data: typeof data === "object" && data !== null ? 42 : { wrong: true } }];
}

const outcome = (validator: ValidatorType, schema: RJSFSchema, data: unknown) => {
  const { errors } = validator.validateFormData(data, schema);
  return errors.map((e) => `${e.property} ${e.name} ${JSON.stringify(e.params)}`).sort();
};

describe("the builder forms' compiled validators", () => {
  it("exist for every pane form the builder renders from schemas/", () => {
    // base, summary and each provider's tabs.
    expect(panes.length).toBeGreaterThan(2 + Object.keys(config.sources).length);
    for (const pane of panes) {
      const where = pane.scope.kind === "source" ? `${pane.scope.provider} ${pane.tab}` : pane.scope.kind;
      expect(precompiledValidator(pane.schema), where).toBeDefined();
    }
  });

  it("are what the generator makes of today's schemas (codegen:check holds the file to it)", async () => {
    const files = await generateFormValidators(panes.map((p) => p.schema));
    expect(files.get("validators.js")).toBe(readFileSync("codegen/forms/validators.js", "utf8"));
    expect(files.get("validators.d.ts")).toBe(readFileSync("codegen/forms/validators.d.ts", "utf8"));
  });

  it("decide as rjsf's ajv validator does, on the maximal contest and on a broken copy of each of its fields", () => {
    let cases = 0;
    for (const pane of panes) {
      const compiled = precompiledValidator(pane.schema) as ValidatorType;
      const data = dataOf(pane);
      expect(compiled.isValid(pane.schema, data, pane.schema)).toBe(true);
      expect(outcome(compiled, pane.schema, data)).toEqual([]);
      for (const b of broken(pane.schema, data)) {
        const want = outcome(ajvValidator, pane.schema, b.data);
        expect(want.length, b.path).toBeGreaterThan(0);
        expect(outcome(compiled, pane.schema, b.data), b.path).toEqual(want);
        expect(compiled.isValid(pane.schema, b.data, pane.schema), b.path).toBe(false);
        cases += 1;
      }
    }
    expect(cases).toBeGreaterThan(100);
  });

  it("have a source with every option on for a network added under schemas/ alone (fediwisp, in a copy)", () => {
    const { dir, cleanup } = schemasWithFixture();
    try {
      registerSchema(fixtureSchema as Schema);
      const fixturePanes = everyPaneSchema(builderConfigFrom(loadSchemaSet(dir)), customWidgetNames).filter(
        (p) => p.scope.kind === "source" && p.scope.provider === FIXTURE_PROVIDER,
      );
      expect(fixturePanes.length).toBeGreaterThan(0);
      for (const pane of fixturePanes) {
        const data = dataOf(pane, dir);
        expect(data.type).toBe(FIXTURE_PROVIDER);
        // Its validator is generated by `npm run codegen` once the network is in schemas/: ajv stands in here.
        expect(outcome(ajvValidator, pane.schema, data), pane.tab).toEqual([]);
      }
    } finally {
      cleanup();
    }
  });

  it("are refused another form's schema, as rjsf's precompiled validator is", () => {
    const [a, b] = panes;
    if (!a || !b) throw new Error("two panes");
    const compiled = precompiledValidator(a.schema) as ValidatorType;
    expect(() => compiled.isValid(b.schema, {}, b.schema)).toThrow(/differs from the rootSchema/);
  });
});
