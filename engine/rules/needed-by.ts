import { defineRule } from "./define";

/**
 * Always valid: it records that the listed fields need this one, so the builder can keep this option on while
 * they depend on it (engine/ties.ts reads it).
 */
export const neededBy = defineRule({
  name: "needed_by",
  params: [{ name: "fields", kind: "field", rest: true }],
  message: "validation.needed_by",
  inert: true,
  check: () => true,
});
