/**
 * The engine's cost on the largest contest the builder makes (bench/fixtures/maximal-contest.ts):
 * full semantic validation beside ajv's compiled structural pass over the same document (aim: within 3×), and
 * one-field validation beside full validation (aim: at least 20× cheaper); then both validators on a contest
 * about a tenth of its size (one source, shorter lists: fixtures TENTH), to show how the cost grows.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import { compileConfig } from "../engine/config/compile";
import { builderConfigFrom, formSchemas, loadSchemaSet } from "../engine/node/load-schemas";
import { clearHandleJudgements } from "../engine/rules/account-handle";
import { compileStructure } from "../engine/structure";
import { clearMentionCache } from "../engine/text/mentions";
import { clearLengthCache } from "../engine/text/twitter-length";
import { withInterpretedWalks } from "../engine/validation/program";
import { validate } from "../engine/validation/validate";
import { clearValueCaches } from "../engine/values";
import { MAXIMAL_NOW, maximalContest, TENTH } from "./fixtures/maximal-contest";
import { measure, settle, tableWithFastest } from "./harness";

export async function run(): Promise<string> {
  const form = maximalContest();
  const config = compileConfig(builderConfigFrom(loadSchemaSet()));
  const features = (
    JSON.parse(readFileSync("schemas/features.json", "utf8")) as { features: { name: string }[] }
  ).features;
  const ctx = {
    now: MAXIMAL_NOW,
    teamFeatures: new Set(features.map((f) => f.name)),
    quotas: { winners: 500 },
  };
  const structure = compileStructure(formSchemas());

  const small = maximalContest(TENTH);
  const semanticErrors =
    Object.keys(validate(form, config, ctx)).length + Object.keys(validate(small, config, ctx)).length;
  const structuralErrors = Object.keys(structure(form)).length + Object.keys(structure(small)).length;
  if (semanticErrors + structuralErrors > 0) {
    throw new Error(
      `the maximal contest should be valid (${semanticErrors} rule, ${structuralErrors} shape errors)`,
    );
  }

  // More, shorter rounds than the default, after warm-up rounds, timed in CPU time: the machine is shared, and wall
  // rounds counted the time other processes held the core (median 16.8× against fastest 3.7× in one run).
  const opts = { rounds: 31, roundMs: 20, clock: "cpu", warmupRounds: 3 } as const;
  // A second and a half of CPU time in every case first, so the first table does not pay for the JIT's warm-up
  // (its engine rounds ran at twice the cost of the same case in the later tables).
  settle(
    [
      () => structure(form),
      () => structure(small),
      () => validate(form, config, ctx),
      () => validate(small, config, ctx),
      () => validate(form, config, ctx, { kind: "field", path: "sources.1.publication.content" }),
      () => withInterpretedWalks(() => validate(form, config, ctx)),
    ].map((fn, i) => ({ name: String(i), fn })),
    1500,
  );
  const full = measure(
    [
      { name: "ajv structural validation (compiled form schema)", fn: () => structure(form) },
      { name: "engine: full semantic validation (every rule)", fn: () => validate(form, config, ctx) },
      {
        name: "engine: the same, interpreted (no generated walk: the engine before decision 027)",
        fn: () => withInterpretedWalks(() => validate(form, config, ctx)),
      },
    ],
    opts,
  );
  // The cold case in a table of its own: emptying the caches makes old-generation garbage, whose collection
  // landed in the rounds of whichever case ran next.
  const cold = measure(
    [
      { name: "ajv structural validation (compiled form schema)", fn: () => structure(form) },
      {
        name: "engine: full semantic validation, cold (text-length, mention, handle and date caches emptied first)",
        fn: () => {
          clearLengthCache();
          clearMentionCache();
          clearHandleJudgements();
          clearValueCaches();
          return validate(form, config, ctx);
        },
      },
    ],
    opts,
  );
  const field = measure(
    [
      { name: "engine: full semantic validation", fn: () => validate(form, config, ctx) },
      {
        name: "engine: one field (sources.1.publication.content)",
        fn: () => validate(form, config, ctx, { kind: "field", path: "sources.1.publication.content" }),
      },
      {
        name: "engine: one field in a list (sources.1.reminders.list.19.creation_date)",
        fn: () =>
          validate(form, config, ctx, { kind: "field", path: "sources.1.reminders.list.19.creation_date" }),
      },
    ],
    opts,
  );
  const growth = measure(
    [
      { name: "ajv structural validation, a tenth of the maximal contest", fn: () => structure(small) },
      { name: "ajv structural validation, the maximal contest", fn: () => structure(form) },
      {
        name: "engine: full semantic validation, a tenth of the maximal contest",
        fn: () => validate(small, config, ctx),
      },
      {
        name: "engine: full semantic validation, the maximal contest",
        fn: () => validate(form, config, ctx),
      },
    ],
    opts,
  );
  const load = os.loadavg()[0]?.toFixed(1) ?? "?";
  const bigger = (JSON.stringify(form).length / JSON.stringify(small).length).toFixed(1);
  const ratio = (a: number | undefined, b: number | undefined) =>
    ((a ?? Number.NaN) / (b ?? Number.NaN)).toFixed(1);
  const both = (m: typeof full, i: number, j: number) =>
    `**${ratio(m[i]?.medianNs, m[j]?.medianNs)}×** (fastest rounds: **${ratio(m[i]?.minNs, m[j]?.minNs)}×**)`;
  const fieldInstances =
    config.base.fields.length + [...config.sources.values()].reduce((n, s) => n + s.fields.length, 0);

  return [
    "## Engine validation (bench/engine.bench.ts)",
    "",
    `The maximal contest: 7 sources, every option on, 20 reminders each, 50 winning moments; ${Math.round(JSON.stringify(form).length / 1024)} KB of JSON, ${fieldInstances} field rules in the config. It is valid (0 errors from either validator).`,
    "",
    "Every round is timed in CPU time (process.cpuUsage: what this process ran, garbage collection included) after a second and a half of CPU time in every case and three untimed rounds: on this shared machine, wall-clock rounds also counted the time other processes held the core, and the first table paid for the JIT's warm-up (its engine rounds cost twice those of the same case in the later tables).",
    "",
    `The machine's load while it ran (1-minute average): ${load} on ${os.cpus().length} cores. CPU time leaves out the time other processes held a core, not what they take of the shared caches: the engine's working set (hundreds of closures and rule checks) suffers more from neighbours than ajv's tight generated loop, so the engine's median moves with the load more than ajv's; its fastest round is the closest to its own cost.`,
    "",
    tableWithFastest(full),
    "",
    tableWithFastest(cold),
    "",
    `Full semantic validation costs ${both(full, 1, 0)} ajv's structural pass (aim: within 3×), ${both(cold, 1, 0)} cold; the interpreter alone, as the engine validated before, ${both(full, 2, 0)}. The warm case is the builder's: while a person edits, the same texts and dates are checked again and again.`,
    "",
    "Each scope's walk is generated at build time from the sidecars (`npm run codegen`, codegen/validation/programs.js; decision 027): every property read written out and every rule called by name with its constant arguments bound, where the interpreter read paths segment by segment through one shared function (every read a megamorphic lookup) and called each rule through two shared closures. What is left is the rules' own work, which the generated walk calls and does not copy: some 2,100 checks of about 1,000 field instances, a quarter of them on dates (each text's parse remembered, but a hash lookup per read), media lists, texts and plan gates. With every check replaced by `() => true` (measured while profiling, not by this bench), the generated walk alone cost about 2× ajv's pass and the checks the other two thirds; reaching 3× in all would mean writing the rules' logic into the generated code, as ajv writes its keywords: a second copy of each rule, which the engine's single registry (one rule a file, the same in browser and server) is there to avoid. The arguments a rule takes from the form, the clock or the source (before_field's close date, range_duration_after's now) are made once per scope, not per check.",
    "",
    tableWithFastest(field),
    "",
    `One field is ${both(field, 0, 1)} cheaper than everything (aim: at least 20×); a field deep in a list ${both(field, 0, 2)}.`,
    "",
    `Growth: the same validators on a contest about a tenth of the maximal one (one source, 12 reminders, 30 winning moments: ${Math.round(JSON.stringify(small).length / 102.4) / 10} KB of JSON, the maximal contest is **${bigger}×** as big).`,
    "",
    tableWithFastest(growth),
    "",
    `For ${bigger}× the contest, ajv's structural pass costs ${both(growth, 1, 0)} and the engine's full validation ${both(growth, 3, 2)}; at a tenth of the size the engine costs ${both(growth, 2, 0)} ajv's pass, at the full size ${both(growth, 3, 1)}.`,
  ].join("\n");
}
