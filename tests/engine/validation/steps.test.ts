import { describe, expect, it } from "vitest";
import { scopeInstances } from "../../../engine/validation/scopes";
import { paneState, stepStates } from "../../../engine/validation/steps";
import { validate } from "../../../engine/validation/validate";
import { compiled, ctxWith, source, validForm } from "./fixture-config";

function baseStates(form: unknown, validated: string[]) {
  const inst = scopeInstances(form, compiled).find((s) => s.prefix === "base");
  if (!inst) throw new Error("no base");
  const errors = validate(form, compiled, ctxWith(["contestBuilder", "draw.manualCheck"]));
  return stepStates(inst, errors, new Set(validated));
}

describe("step and pane states", () => {
  it("shows REQUIRED for untouched items and OPTION for optional ones that are off", () => {
    expect(baseStates(validForm(), [])).toEqual([
      { id: "name", state: "REQUIRED" },
      { id: "winners", state: "REQUIRED" },
      { id: "manual_check", state: "OPTION" },
      { id: "autodraw", state: "OPTION" },
    ]);
  });

  it("turns items VALID once their pane or field was validated, INVALID when they hold an error", () => {
    const form = validForm();
    form.base.name = "ab";
    expect(baseStates(form, ["base.nb_winners"]).slice(0, 2)).toEqual([
      { id: "name", state: "INVALID" },
      { id: "winners", state: "VALID" },
    ]);
  });

  it("has a pane header INVALID if any item is, VALID if every non-optional item is, else INCOMPLETE", () => {
    expect(paneState(["VALID", "OPTION", "VALID"])).toBe("VALID");
    expect(paneState(["VALID", "REQUIRED", "OPTION"])).toBe("INCOMPLETE");
    expect(paneState(["VALID", "INVALID", "REQUIRED"])).toBe("INVALID");
  });

  it("makes the actions step invalid when every action is off", () => {
    const form = { ...validForm(), sources: [source(0, { actions: {} })] };
    const inst = scopeInstances(form, compiled).find((s) => s.prefix === "sources.0");
    if (!inst) throw new Error("no source");
    const states = stepStates(inst, validate(form, compiled, ctxWith()), new Set(["sources.0"]));
    expect(states).toEqual([
      { id: "publication", state: "VALID" },
      { id: "actions", state: "INVALID" },
    ]);
  });
});
