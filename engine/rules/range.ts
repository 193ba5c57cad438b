import { defineRule } from "./define";

/** Inclusive numeric range; a value that is not numeric passes (the number rule reports it). */
export const range = defineRule({
  name: "range",
  params: [
    { name: "min", kind: "number" },
    { name: "max", kind: "number" },
  ],
  message: "validation.range",
  check: (value, [min, max]) => {
    const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    if (typeof n !== "number" || Number.isNaN(n)) return true;
    return (n >= min && n <= max) || { key: "validation.range", values: { min, max } };
  },
});
