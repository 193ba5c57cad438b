/**
 * The engine's message catalogs in the interface's five languages: each has exactly the keys of en.json with the
 * same placeholders, formatMessage speaks each of them, and `npm run schemas:check` refuses a catalog that lags.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { catalogChain, ENGINE_CATALOGS, ENGINE_LOCALES } from "../../../engine/messages/catalogs";
import { formatErrors, formatMessage } from "../../../engine/messages/format";
import { checkSchemaDir } from "../../../engine/node/check-schemas";
import { SCHEMAS_DIR } from "../../../engine/node/load-schemas";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("engine message catalogs", () => {
  it("registers a catalog for each of the interface's five languages, and every catalog file under schemas/", () => {
    expect([...ENGINE_LOCALES].sort()).toEqual(["ar", "en", "fr", "hi", "ja"]);
    expect(Object.keys(ENGINE_CATALOGS).sort()).toEqual([...ENGINE_LOCALES].sort());
    const files = readdirSync(path.join(SCHEMAS_DIR, "messages")).filter((f) => f.endsWith(".json"));
    expect(files.map((f) => f.replace(/\.json$/, "")).sort()).toEqual([...ENGINE_LOCALES].sort());
  });

  it.each(ENGINE_LOCALES.filter((l) => l !== "en"))(
    "%s has exactly the keys of en.json, each translated, with the same placeholders",
    (locale) => {
      const en = ENGINE_CATALOGS.en;
      const catalog = ENGINE_CATALOGS[locale];
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        const own = catalog[key] ?? "";
        expect(own.trim(), `${locale} ${key}`).not.toBe("");
        expect(placeholders(own), `${locale} ${key}`).toEqual(placeholders(text));
      }
    },
  );

  it("writes Arabic, Hindi and Japanese in their own scripts, not English left untranslated", () => {
    const scripts = { ar: /[\u0600-\u06FF]/, hi: /[\u0900-\u097F]/, ja: /[\u3040-\u30FF\u4E00-\u9FFF]/ };
    for (const [locale, script] of Object.entries(scripts) as [keyof typeof scripts, RegExp][]) {
      for (const [key, text] of Object.entries(ENGINE_CATALOGS[locale])) {
        expect(script.test(text), `${locale} ${key}: ${text}`).toBe(true);
        expect(text, `${locale} ${key}`).not.toBe(ENGINE_CATALOGS.en[key]);
      }
    }
  });

  it("answers in Japanese, with {n} filled and a {x} label looked up in Japanese", () => {
    const ja = catalogChain("ja");
    expect(formatMessage(ja, "validation.required")).toBe("必須項目です。");
    expect(formatMessage(ja, "validation.between.string.max", { n: 280 })).toBe(
      "280 文字以内で入力してください。",
    );
    expect(
      formatMessage(ja, "validation.incompatible_with", { x: { key: "field.base.autodraw.enabled" } }),
    ).toBe("自動抽選と併用できません。");
  });

  it("answers in Arabic and Hindi", () => {
    expect(
      formatErrors(catalogChain("ar"), { "base.name": [{ key: "validation.required", rule: "required" }] }),
    ).toEqual({ "base.name": ["هذا الحقل مطلوب."] });
    expect(
      formatMessage(catalogChain("hi"), "validation.before_field", { x: { key: "field.base.close_date" } }),
    ).toBe("समापन तिथि से पहले होना चाहिए।");
  });

  it("falls back to English for a key a language lacks", () => {
    expect(catalogChain("ja")).toEqual([ENGINE_CATALOGS.ja, ENGINE_CATALOGS.en]);
    expect(catalogChain("en")).toEqual([ENGINE_CATALOGS.en]);
    const partial = [{ "validation.required": "必須項目です。" }, ENGINE_CATALOGS.en];
    expect(formatMessage(partial, "validation.number")).toBe("Must be a number.");
    expect(formatMessage(partial, "validation.incompatible_with", { x: { key: "field.base.name" } })).toBe(
      "Is not compatible with name.",
    );
  });
});

describe("schemas:check and the catalogs", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "fairdraw-messages-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(SCHEMAS_DIR, dir, { recursive: true });
  const file = (locale: string) => path.join(dir, "messages", `${locale}.json`);
  const edit = (locale: string, change: (c: Record<string, string>) => void) => {
    const catalog = JSON.parse(readFileSync(file(locale), "utf8")) as Record<string, string>;
    change(catalog);
    writeFileSync(file(locale), JSON.stringify(catalog, null, 2));
  };

  it("passes on schemas/ as it is", () => {
    expect(checkSchemaDir(dir)).toEqual([]);
  });

  it("requires every key of en.json in every language, with the same placeholders, and no key en.json lacks", () => {
    edit("ja", (c) => {
      delete c["validation.required"];
      delete c["error.mergeSamePost"];
    });
    edit("hi", (c) => {
      c["validation.array_min"] = "कम से कम {count} आइटम होने चाहिए।";
    });
    edit("ar", (c) => {
      c["validation.nope"] = "لا.";
    });
    expect(checkSchemaDir(dir)).toEqual([
      { file: file("ar"), message: 'message "validation.nope" is not in en.json' },
      {
        file: file("hi"),
        message: 'message "validation.array_min" has placeholders {count}, en.json has {n}',
      },
      { file: file("ja"), message: 'no message for "error.mergeSamePost"' },
      { file: file("ja"), message: 'no message for "validation.required"' },
    ]);
  });

  it("requires a catalog for each of the five languages", () => {
    rmSync(file("hi"));
    expect(checkSchemaDir(dir)).toContainEqual({ file: file("hi"), message: "missing message catalog" });
  });
});
