import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileConfig } from "../../../engine/config/compile";
import { builderConfigFrom, loadSchemaSet } from "../../../engine/node/load-schemas";
import { schemaHasPath } from "../../../engine/node/schema-paths";
import { validate } from "../../../engine/validation/validate";

const set = loadSchemaSet();
const config = compileConfig(builderConfigFrom(set));
const ctx = {
  now: new Date("2026-06-01T12:00:00Z"),
  teamFeatures: new Set(["contestBuilder"]),
  quotas: { winners: 50 },
};

/** Paths the form schemas know: base.*, summary.*, sources, sources.N.<a field of that provider's schema>. */
function isKnownPath(path: string, form: unknown): boolean {
  if (path === "sources") return true;
  const base = /^base\.(.+)$/.exec(path);
  if (base) return schemaHasPath("schemas/contest/base.schema.json", base[1] as string);
  const summary = /^summary\.(.+)$/.exec(path);
  if (summary)
    return schemaHasPath(set.summary.file.replace(/rules\.json$/, "schema.json"), summary[1] as string);
  const source = /^sources\.(\d+)\.(.+)$/.exec(path);
  if (!source) return false;
  const sources = (form as { sources?: unknown }).sources;
  const item = Array.isArray(sources) ? sources[Number(source[1])] : undefined;
  const type = (item as { type?: unknown } | undefined)?.type;
  if (source[2] === "type") return true;
  const sidecar = typeof type === "string" ? set.sources.get(type) : undefined;
  return (
    sidecar !== undefined &&
    schemaHasPath(sidecar.file.replace(/rules\.json$/, "schema.json"), source[2] as string)
  );
}

const providers = [...set.sources.keys()];
const providerName = providers.length > 0 ? fc.constantFrom(...providers) : fc.constant("none");

const formLike = fc.record(
  {
    base: fc.oneof(
      fc.anything(),
      fc.dictionary(
        fc.constantFrom("name", "start_date", "close_date", "nb_winners", "manual_check", "autodraw"),
        fc.anything(),
      ),
    ),
    sources: fc.oneof(
      fc.anything(),
      fc.array(
        fc.record({ id: fc.integer(), type: fc.oneof(providerName, fc.string()) }, { requiredKeys: [] }),
        { maxLength: 4 },
      ),
    ),
    summary: fc.anything(),
  },
  { requiredKeys: [] },
);

describe("the validator on arbitrary input", () => {
  it("never throws, whatever JSON it is given", () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), formLike), (form) => {
        validate(form, config, ctx);
      }),
      { numRuns: 300 },
    );
  });

  it("reports errors only at paths the form schemas define", () => {
    fc.assert(
      fc.property(formLike, (form) => {
        for (const path of Object.keys(validate(form, config, ctx))) {
          expect(isKnownPath(path, form), path).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});
