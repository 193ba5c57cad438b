import { defineRule } from "./define";

/**
 * A mention: an @ not inside a word ("contact@brand.com" mentions nobody), then a twitter handle (word
 * characters) or a bluesky domain handle ("@alice.bsky.social"); a sentence's final dot is not part of it.
 */
const MENTION = /(?<![\w@])@([A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?)/g;

/** Every listed @handle appears as a mention in the other field's text (case-insensitive). */
export const accountsMentionedIn = defineRule({
  name: "accounts_mentioned_in",
  params: [{ name: "field", kind: "field" }],
  message: "validation.accounts_mentioned_in",
  check: (value, [field]) => {
    if (!Array.isArray(value)) return true;
    const text = typeof field.value === "string" ? field.value : "";
    const mentioned = new Set([...text.matchAll(MENTION)].map((m) => (m[1] ?? "").toLowerCase()));
    return value.every((handle) => {
      if (typeof handle !== "string") return false;
      return mentioned.has(handle.replace(/^@/, "").toLowerCase());
    });
  },
});
