import { describe, expect, it } from "vitest";
import { catalogChain } from "../../engine/messages/catalogs";
import { formatErrors } from "../../engine/messages/format";
import { formRulesFrom, loadSchemaSet } from "../../engine/node/load-schemas";
import { validateFormData } from "../../engine/validation/validate";

const forms = formRulesFrom(loadSchemaSet());
const ctx = (features: string[] = []) => ({ now: new Date(), teamFeatures: new Set(features), quotas: {} });

function check(form: string, data: unknown, features: string[] = []) {
  const scope = forms.get(form);
  if (!scope) throw new Error(`no form ${form}`);
  return formatErrors(catalogChain("en"), validateFormData(data, scope, ctx(features)));
}

describe("the app's own forms (app-shell.md §5)", () => {
  it("takes a shortlink with a random key, and a custom key of 3 to 128 letters, digits or hyphens with the feature", () => {
    const link = { type: "random", domain: "fdraw.co", key: null, url: "https://brand.example/summer" };
    expect(check("shortlink-create", link)).toEqual({});
    expect(
      check("shortlink-create", { ...link, type: "custom", key: "summer-2026" }, ["shortlinksCustomKey"]),
    ).toEqual({});
    expect(check("shortlink-create", { ...link, key: "summer-2026" })).toEqual({
      key: ["You don't have access to that feature."],
    });
    expect(check("shortlink-create", { ...link, key: "ab" }, ["shortlinksCustomKey"])).toEqual({
      key: ["Must be at least 3 characters."],
    });
    expect(check("shortlink-create", { ...link, key: "a".repeat(129) }, ["shortlinksCustomKey"])).toEqual({
      key: ["May not be greater than 128 characters."],
    });
    expect(check("shortlink-create", { ...link, key: "no spaces!" }, ["shortlinksCustomKey"])).toEqual({
      key: ["Has an invalid format."],
    });
  });

  it("wants a shortlink's url to be http or https and its domain one of ours", () => {
    const link = { type: "random", domain: "fdraw.co", url: "https://brand.example" };
    expect(check("shortlink-create", { ...link, url: "ftp://brand.example" })).toEqual({
      url: ["Must be a valid link (http or https)."],
    });
    expect(check("shortlink-create", { ...link, url: "" })).toEqual({ url: ["Is required."] });
    expect(check("shortlink-create", { ...link, domain: "bit.ly" })).toEqual({
      domain: ["Is not one of the allowed choices."],
    });
  });

  it("needs a contact reason and a message of 50 to 1000 characters", () => {
    expect(check("contact", { reason: "other", message: "x".repeat(50) })).toEqual({});
    expect(check("contact", { reason: "", message: "x".repeat(49) })).toEqual({
      reason: ["Is required."],
      message: ["Must be at least 50 characters."],
    });
    expect(check("contact", { reason: "complain", message: "x".repeat(1001) })).toEqual({
      reason: ["Is not one of the allowed choices."],
      message: ["May not be greater than 1000 characters."],
    });
  });

  it("takes an invite with no e-mail or a valid one", () => {
    expect(check("member-invite", {})).toEqual({});
    expect(check("member-invite", { email: "alice@brand.example" })).toEqual({});
    expect(check("member-invite", { email: "alice@" })).toEqual({
      email: ["Must be a valid e-mail address."],
    });
    expect(check("account-invite", { email: "bob" })).toEqual({
      provider: ["Is required."],
      email: ["Must be a valid e-mail address."],
    });
  });

  it("names a quick import 4 to 50 characters and wants it confirmed", () => {
    const body = { provider: "twitter", matched: "123", confirm: true, name: "Spring" };
    expect(check("quickdraw-import", body)).toEqual({});
    expect(check("quickdraw-import", { ...body, name: "abc", confirm: false })).toEqual({
      confirm: ["Must be true."],
      name: ["Must be at least 4 characters."],
    });
  });

  it("accepts exactly six digits as a confirmation code", () => {
    expect(check("confirm-code", { confirm_code: "012345" })).toEqual({});
    for (const bad of ["12345", "1234567", "12a456", " 123456"]) {
      expect(check("confirm-code", { confirm_code: bad })).toEqual({
        confirm_code: ["Has an invalid format."],
      });
    }
  });
});
