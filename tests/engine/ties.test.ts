import { describe, expect, it } from "vitest";
import { compileConfig } from "../../engine/config/compile";
import { setToggle } from "../../engine/ties";
import { getPath } from "../../engine/values";
import { compiled, source, testConfig, validForm } from "./validation/fixture-config";

describe("feature ties", () => {
  it("switches automatic draw off when manual check goes on, and back the other way", () => {
    const form = validForm();
    form.base.autodraw = { enabled: true };
    const on = setToggle(compiled, form, "base.manual_check.enabled", true);
    expect(on).toMatchObject({ ok: true, switchedOff: ["base.autodraw.enabled"] });
    expect(getPath(on.form, "base.manual_check.enabled")).toBe(true);
    expect(getPath(on.form, "base.autodraw.enabled")).toBe(false);
    // The original form is left untouched.
    expect(form.base.autodraw.enabled).toBe(true);
    const back = setToggle(compiled, on.form, "base.autodraw.enabled", true);
    expect(back).toMatchObject({ ok: true, switchedOff: ["base.manual_check.enabled"] });
  });

  it("refuses to switch off the only action a follow depends on", () => {
    const form = {
      ...validForm(),
      sources: [
        source(0, {
          actions: { comment: { enabled: true }, like: { enabled: false }, follow: { enabled: true } },
        }),
      ],
    };
    const off = setToggle(compiled, form, "sources.0.actions.comment.enabled", false);
    expect(off).toEqual({ ok: false, blockedBy: ["sources.0.actions.follow.enabled"], form });
  });

  it("lets it go off when another action the follow can rely on is on", () => {
    const form = {
      ...validForm(),
      sources: [
        source(0, {
          actions: { comment: { enabled: true }, like: { enabled: true }, follow: { enabled: true } },
        }),
      ],
    };
    const off = setToggle(compiled, form, "sources.0.actions.comment.enabled", false);
    expect(off.ok).toBe(true);
    expect(getPath(off.form, "sources.0.actions.comment.enabled")).toBe(false);
  });
});

describe("feature ties across providers", () => {
  const twoProviders = compileConfig({
    ...testConfig,
    sources: {
      a: { fields: { "x.enabled": { rule: "boolean|incompatible_with:sources.$SOURCE.y.enabled" } } },
      b: { fields: { "x.enabled": { rule: "boolean" }, "y.enabled": { rule: "boolean" } } },
    },
    providers: { a: { maxSourcesLimitCB: 1 }, b: { maxSourcesLimitCB: 1 } },
  });

  it("keeps one provider's ties off another provider's sources", () => {
    const form = {
      base: {},
      sources: [
        { id: 100, type: "a", x: { enabled: false }, y: { enabled: true } },
        { id: 101, type: "b", x: { enabled: false }, y: { enabled: true } },
      ],
    };
    expect(setToggle(twoProviders, form, "sources.1.x.enabled", true)).toMatchObject({
      ok: true,
      switchedOff: [],
    });
    expect(setToggle(twoProviders, form, "sources.0.x.enabled", true)).toMatchObject({
      ok: true,
      switchedOff: ["sources.0.y.enabled"],
    });
  });

  it("creates the objects on the way when an option's group is missing", () => {
    const result = setToggle(compiled, { base: {} }, "base.autodraw.enabled", true);
    expect(getPath(result.form, "base.autodraw.enabled")).toBe(true);
  });
});
