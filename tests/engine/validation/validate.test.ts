import { describe, expect, it } from "vitest";
import { catalogChain } from "../../../engine/messages/catalogs";
import { formatErrors } from "../../../engine/messages/format";
import { NAME_ONLY, validate } from "../../../engine/validation/validate";
import { compiled, ctxWith, source, validForm } from "./fixture-config";

describe("validate", () => {
  it("finds nothing wrong in a valid form", () => {
    expect(validate(validForm(), compiled, ctxWith())).toEqual({});
  });

  it("keys errors by dotted path and keeps only a field's first failing rule", () => {
    const form = validForm();
    form.base.name = "ab";
    form.base.nb_winners = 0;
    const errors = validate(form, compiled, ctxWith());
    expect(errors["base.name"]).toEqual([
      { key: "validation.between.string.min", values: { n: 4 }, rule: "between" },
    ]);
    expect(errors["base.nb_winners"]?.map((e) => e.rule)).toEqual(["range"]);
  });

  it("reads quotas from the context ($quota.winners)", () => {
    const form = validForm();
    form.base.nb_winners = 11;
    expect(validate(form, compiled, ctxWith())["base.nb_winners"]).toBeDefined();
    expect(
      validate(form, compiled, ctxWith(["contestBuilder"], { winners: 20 }))["base.nb_winners"],
    ).toBeUndefined();
  });

  it("validates only base.name for a draft save, whatever else is wrong", () => {
    const form = { base: { name: "ab" }, sources: "nonsense", summary: null };
    expect(Object.keys(validate(form, compiled, ctxWith(), NAME_ONLY))).toEqual(["base.name"]);
    expect(validate({ base: { name: "Good name" } }, compiled, ctxWith(), NAME_ONLY)).toEqual({});
  });

  it("validates one part for a pane and one field when a person leaves it", () => {
    const form = validForm();
    form.base.name = "";
    form.sources = [source(0, { publication: { content: "" } })];
    expect(Object.keys(validate(form, compiled, ctxWith(), { kind: "part", prefix: "sources.0" }))).toEqual([
      "sources.0.publication.content",
    ]);
    expect(Object.keys(validate(form, compiled, ctxWith(), { kind: "field", path: "base.name" }))).toEqual([
      "base.name",
    ]);
  });

  it("does not validate fields switched off by their `when` conditions", () => {
    const form = validForm();
    form.base.manual_check = { enabled: false, list: [] };
    expect(validate(form, compiled, ctxWith(["contestBuilder", "draw.manualCheck"]))).toEqual({});
    form.base.manual_check = { enabled: true, list: [] };
    expect(
      validate(form, compiled, ctxWith(["contestBuilder", "draw.manualCheck"]))["base.manual_check.list"],
    ).toEqual([{ key: "validation.array_min", values: { n: 1 }, rule: "array_min" }]);
  });

  it("takes a list element's own index in `when` (reminder content not needed for a retweet)", () => {
    const form = validForm();
    form.sources = [
      source(0, {
        reminders: {
          enabled: true,
          list: [
            { type: "retweet", content: "" },
            { type: "reply", content: "" },
          ],
        },
      }),
    ];
    expect(Object.keys(validate(form, compiled, ctxWith()))).toEqual(["sources.0.reminders.list.1.content"]);
  });

  it("reports the plan gate on the toggle and skips the gated fields under it", () => {
    const form = validForm();
    form.base.manual_check = { enabled: true, list: [] };
    const errors = validate(form, compiled, ctxWith(["contestBuilder"]));
    expect(formatErrors(catalogChain("en"), errors)).toEqual({
      "base.manual_check.enabled": ["You don't have access to that feature."],
    });
  });

  it("does not gate option by option a team without the contest builder (a paid one-shot contest)", () => {
    const form = validForm();
    form.base.manual_check = { enabled: true, list: ["tooManyContests"] };
    expect(validate(form, compiled, ctxWith([]))).toEqual({});
  });

  it("words incompatible options with the other field's label, in French too", () => {
    const form = validForm();
    form.base.manual_check = { enabled: true, list: ["tooManyContests"] };
    form.base.autodraw = { enabled: true };
    const errors = validate(form, compiled, ctxWith(["contestBuilder", "draw.manualCheck"]));
    expect(formatErrors(catalogChain("fr"), errors)).toEqual({
      "base.manual_check.enabled": ["N'est pas compatible avec le tirage automatique."],
      "base.autodraw.enabled": ["N'est pas compatible avec la vérification manuelle."],
    });
  });

  it("marks the actions step invalid when every action is off", () => {
    const form = validForm();
    form.sources = [
      source(0, {
        actions: { comment: { enabled: false }, like: { enabled: false }, follow: { enabled: false } },
      }),
    ];
    expect(validate(form, compiled, ctxWith())["sources.0.actions"]).toEqual([
      { key: "validation.step.none_enabled", rule: "at_least_one_of" },
    ]);
  });

  it("refuses a follow left alone, with 'Can't be checked alone.'", () => {
    const form = validForm();
    form.sources = [
      source(0, {
        actions: { comment: { enabled: false }, like: { enabled: false }, follow: { enabled: true } },
      }),
    ];
    expect(formatErrors(catalogChain("en"), validate(form, compiled, ctxWith()))).toEqual({
      "sources.0.actions.follow.enabled": ["Can't be checked alone."],
    });
  });

  it("checks the sources list: at least one, known providers, at most maxSourcesLimitCB each", () => {
    expect(validate({ ...validForm(), sources: [] }, compiled, ctxWith()).sources).toBeDefined();
    const unknown = validate(
      { ...validForm(), sources: [{ id: 100, type: "myspace" }] },
      compiled,
      ctxWith(),
    );
    expect(unknown["sources.0.type"]?.[0]?.key).toBe("validation.in");
    const tooMany = validate(
      { ...validForm(), sources: [source(0), source(1), source(2)] },
      compiled,
      ctxWith(),
    );
    expect(Object.keys(tooMany)).toEqual(["sources.2.type"]);
    expect(tooMany["sources.2.type"]?.[0]).toMatchObject({
      key: "validation.sources.max_per_provider",
      values: { n: 2 },
    });
  });
});
