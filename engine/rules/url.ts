import { defineRule } from "./define";

/** An absolute URL whose scheme is one of those listed (`url:http,https`), with a host. */
export const url = defineRule({
  name: "url",
  params: [{ name: "schemes", kind: "string", rest: true }],
  message: "validation.url",
  check: (value, [schemes]) => {
    if (typeof value !== "string" || /\s/.test(value.trim())) return false;
    try {
      const parsed = new URL(value.trim());
      return schemes.includes(parsed.protocol.replace(/:$/, "")) && parsed.hostname !== "";
    } catch {
      return false;
    }
  },
});
