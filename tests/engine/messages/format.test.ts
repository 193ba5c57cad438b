import { describe, expect, it } from "vitest";
import { catalogChain, ENGINE_CATALOGS } from "../../../engine/messages/catalogs";
import { formatErrors, formatMessage } from "../../../engine/messages/format";

describe("engine messages", () => {
  it("has every English message in every other catalog", () => {
    const english = Object.keys(ENGINE_CATALOGS.en ?? {});
    for (const [locale, catalog] of Object.entries(ENGINE_CATALOGS)) {
      expect(
        english.filter((k) => catalog[k] === undefined),
        locale,
      ).toEqual([]);
    }
  });

  it("fills {n} and looks {x} up as another field's label", () => {
    const en = catalogChain("en");
    expect(formatMessage(en, "validation.between.string.max", { n: 280 })).toBe(
      "May not be greater than 280 characters.",
    );
    expect(
      formatMessage(en, "validation.incompatible_with", { x: { key: "field.base.autodraw.enabled" } }),
    ).toBe("Is not compatible with automatic draw.");
  });

  it("falls back to English for a language without a catalog, and to the key for an unknown message", () => {
    expect(formatMessage(catalogChain("xx"), "validation.required")).toBe("Is required.");
    expect(formatMessage(catalogChain("fr"), "validation.nope")).toBe("validation.nope");
  });

  it("formats a whole error map the way the API's 422 body carries it", () => {
    expect(
      formatErrors(catalogChain("fr"), {
        "base.name": [{ key: "validation.required", rule: "required" }],
      }),
    ).toEqual({ "base.name": ["Est obligatoire."] });
  });
});
