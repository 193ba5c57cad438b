/**
 * The walks generated at build time (codegen/validation/programs.js) answer exactly what the interpreter answers:
 * the same errors, in the same order, on the maximal contest broken at random places, on arbitrary JSON and on the
 * app's standalone forms, for teams with any set of features.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAXIMAL_NOW, maximalContest, TENTH } from "../../../bench/fixtures/maximal-contest";
import { type CompiledScope, compileConfig } from "../../../engine/config/compile";
import type { ValidationErrors } from "../../../engine/messages/types";
import { builderConfigFrom, formRulesFrom, loadSchemaSet } from "../../../engine/node/load-schemas";
import { scopeProgram, withInterpretedWalks } from "../../../engine/validation/program";
import { type ValidationTarget, validate, validateFormData } from "../../../engine/validation/validate";
import { FEATURE_NAMES } from "../../helpers/schema-facts";

const set = loadSchemaSet();
const config = compileConfig(builderConfigFrom(set));
const forms = formRulesFrom(set);
const scopes: [string, CompiledScope][] = [
  ["base", config.base],
  ["summary", config.summary],
  ...[...config.sources].map(([name, scope]): [string, CompiledScope] => [name, scope]),
  ...[...forms].map(([name, scope]): [string, CompiledScope] => [name, scope]),
];

/** The errors and their order: a generated walk must report them in the interpreter's order too. */
function inOrder(errors: ValidationErrors) {
  return Object.entries(errors);
}

function bothWays<T extends ValidationErrors>(run: () => T) {
  const generated = run();
  const interpreted = withInterpretedWalks(run);
  return { generated: inOrder(generated), interpreted: inOrder(interpreted) };
}

/** Every path of a value, containers included ("sources.2.reminders.list.4.creation_date", "base", ...). */
function pathsOf(value: unknown, prefix: string[] = [], out: string[][] = []): string[][] {
  if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      const path = [...prefix, key];
      out.push(path);
      pathsOf(child, path, out);
    }
  }
  return out;
}

const DELETE = Symbol("delete");

function setAt(root: unknown, path: readonly string[], value: unknown) {
  let node = root as Record<string, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = path.at(-1) as string;
  if (value === DELETE) delete node[last];
  else node[last] = value;
}

const maximal = maximalContest();
const tenth = maximalContest(TENTH);
const maximalPaths = pathsOf(maximal);
const tenthPaths = pathsOf(tenth);

/** Values that trip the rules: blanks, off switches, dates near the contest's, long texts, wrong types. */
const nasty = fc.oneof(
  fc.constantFrom(DELETE, null, "", "   ", true, false, 0, 1, "0", [], {}, "x".repeat(400)),
  fc.constantFrom("2026-13-01", "2026-06-01T10:00:00Z", "not a date", MAXIMAL_NOW.toISOString()),
  fc
    .date({ min: new Date("2025-01-01"), max: new Date("2028-01-01"), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc.constantFrom("comment", "reply", "all", "tunnel", "twitter", "@fairdraw", "image/png"),
  fc.integer({ min: -5, max: 600 }),
  fc.string({ maxLength: 12 }),
  fc.anything({ maxDepth: 2 }),
);

const features = fc.subarray([...FEATURE_NAMES]).map((names) => new Set(names));

function contextOf(teamFeatures: Set<string>, shiftMinutes: number) {
  return {
    now: new Date(MAXIMAL_NOW.getTime() + shiftMinutes * 60_000),
    teamFeatures,
    quotas: { winners: 500 },
  };
}

/** The maximal (or the tenth) contest with a few values replaced or removed. */
function broken(paths: string[][], start: unknown) {
  return fc
    .array(fc.tuple(fc.integer({ min: 0, max: paths.length - 1 }), nasty), { minLength: 1, maxLength: 6 })
    .map((changes) => {
      const form = structuredClone(start);
      for (const [i, value] of changes) {
        try {
          setAt(form, paths[i] as string[], value);
        } catch {
          // A path under a value an earlier change replaced: nothing to set there.
        }
      }
      return form;
    });
}

const targets: ValidationTarget[] = [
  { kind: "all" },
  { kind: "part", prefix: "base" },
  { kind: "part", prefix: "sources.1" },
  { kind: "part", prefix: "summary" },
];

describe("the generated walks", () => {
  it("exist for every scope the schemas define (npm run codegen keeps them with the schemas)", () => {
    for (const [name, scope] of scopes) expect(scopeProgram(scope).walk, name).toBeTypeOf("function");
  });

  it("are found for the config the API serves the builder (a JSON copy, without file names)", () => {
    const { files: _files, ...served } = builderConfigFrom(set);
    const inBrowser = compileConfig(JSON.parse(JSON.stringify(served)));
    for (const scope of [inBrowser.base, inBrowser.summary, ...inBrowser.sources.values()]) {
      expect(scopeProgram(scope).walk, scope.file).toBeTypeOf("function");
    }
  });

  it("find the maximal contest valid, as the interpreter does", () => {
    const ctx = contextOf(new Set(FEATURE_NAMES), 0);
    expect(bothWays(() => validate(maximal, config, ctx))).toEqual({ generated: [], interpreted: [] });
  });

  it("report exactly the interpreter's errors on the maximal contest broken at random places", () => {
    fc.assert(
      fc.property(
        broken(maximalPaths, maximal),
        features,
        fc.integer({ min: -600, max: 600 }),
        fc.constantFrom(...targets),
        (form, teamFeatures, shift, target) => {
          const ctx = contextOf(teamFeatures, shift);
          const { generated, interpreted } = bothWays(() => validate(form, config, ctx, target));
          expect(generated).toEqual(interpreted);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("report exactly the interpreter's errors on the small contest broken at random places", () => {
    fc.assert(
      fc.property(broken(tenthPaths, tenth), features, (form, teamFeatures) => {
        const ctx = contextOf(teamFeatures, 0);
        const { generated, interpreted } = bothWays(() => validate(form, config, ctx));
        expect(generated).toEqual(interpreted);
      }),
      { numRuns: 200 },
    );
  });

  it("report exactly the interpreter's errors on arbitrary JSON", () => {
    const sourceLike = fc.record(
      {
        type: fc.constantFrom(...config.sources.keys()),
        publication: fc.anything({ maxDepth: 2 }),
        reminders: fc.oneof(
          fc.anything({ maxDepth: 2 }),
          fc.record({
            enabled: fc.boolean(),
            list: fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 3 }),
          }),
        ),
        actions: fc.anything({ maxDepth: 3 }),
      },
      { requiredKeys: ["type"] },
    );
    const formLike = fc.record(
      {
        base: fc.anything({ maxDepth: 2 }),
        sources: fc.oneof(fc.anything({ maxDepth: 2 }), fc.array(sourceLike, { maxLength: 3 })),
        summary: fc.anything({ maxDepth: 2 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.anything(), formLike), features, (form, teamFeatures) => {
        const ctx = contextOf(teamFeatures, 0);
        const { generated, interpreted } = bothWays(() => validate(form, config, ctx));
        expect(generated).toEqual(interpreted);
      }),
      { numRuns: 300 },
    );
  });

  it("report exactly the interpreter's errors on the app's standalone forms", () => {
    const named = [...forms];
    const fieldNames = [
      ...new Set(named.flatMap(([, scope]) => scope.fields.map((f) => f.segments[0] ?? ""))),
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...named),
        fc.dictionary(
          fc.constantFrom(...fieldNames),
          nasty.filter((v) => v !== DELETE),
        ),
        features,
        ([, scope], data, teamFeatures) => {
          const ctx = contextOf(teamFeatures, 0);
          const { generated, interpreted } = bothWays(() => validateFormData(data, scope, ctx));
          expect(generated).toEqual(interpreted);
        },
      ),
      { numRuns: 300 },
    );
  });
});
