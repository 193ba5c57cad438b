import { defineRule } from "./define";

export const above = defineRule({
  name: "above",
  params: [{ name: "min", kind: "number" }],
  message: "validation.above",
  check: (value, [min]) => {
    const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    return (typeof n === "number" && n > min) || { key: "validation.above", values: { n: min } };
  },
});
