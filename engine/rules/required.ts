import { isEmpty } from "../values";
import { defineRule } from "./define";

export const required = defineRule({
  name: "required",
  params: [],
  message: "validation.required",
  implicit: true,
  check: (value) => !isEmpty(value),
});
