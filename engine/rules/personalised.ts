import { defineRule } from "./define";

/**
 * A text sent once per entrant (X's winning-moment replies) holds a token the sender fills per entrant ({NAME}):
 * a network that refuses the same text twice from one account (X's "duplicate content") would take it only once.
 * The token is the rule's argument, so any provider with the same limit says so in its sidecar.
 */
export const personalised = defineRule({
  name: "personalised",
  params: [{ name: "token", kind: "string" }],
  message: "validation.personalised",
  check: (value, [token]) => {
    if (typeof value !== "string") return true;
    const placeholder = `{${token}}`;
    return value.includes(placeholder) || { key: "validation.personalised", values: { token: placeholder } };
  },
});
