import { defineRule } from "./define";

/**
 * An e-mail address as people type them: one @, a local part, a domain with a dot, no spaces, at most 254
 * characters. Deliverability is for the mail to prove, not a regex.
 */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export const email = defineRule({
  name: "email",
  params: [],
  message: "validation.email",
  check: (value) => typeof value === "string" && value.length <= 254 && EMAIL.test(value.trim()),
});
