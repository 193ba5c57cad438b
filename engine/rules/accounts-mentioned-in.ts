import { defineRule } from "./define";

/** Every listed @handle appears as a mention in the other field's text (case-insensitive). */
export const accountsMentionedIn = defineRule({
  name: "accounts_mentioned_in",
  params: [{ name: "field", kind: "field" }],
  message: "validation.accounts_mentioned_in",
  check: (value, [field]) => {
    if (!Array.isArray(value)) return true;
    const text = typeof field.value === "string" ? field.value : "";
    const mentioned = new Set(
      // An @ inside a word is not a mention: "contact@brand.com" does not mention @brand.
      [...text.matchAll(/(?<![\w@])@(\w{1,15})(?!\w)/g)].map((m) => (m[1] ?? "").toLowerCase()),
    );
    return value.every((handle) => {
      if (typeof handle !== "string") return false;
      return mentioned.has(handle.replace(/^@/, "").toLowerCase());
    });
  },
});
