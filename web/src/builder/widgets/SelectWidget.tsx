/**
 * One choice among a few (comment accept, comment target, reminder and follow-up types). The choices are the
 * field's `in:` rule when it has one, else the schema's enum (null, "not chosen yet", is the empty option).
 */
import type { WidgetProps } from "@rjsf/utils";
import { ruleArgs } from "./field-rules";
import { SelectInput } from "./SelectInput";
import { editorPropsOf, useWidgetField } from "./use-field";

export function choicesOf(
  rule: string | undefined,
  schema: WidgetProps["schema"],
  options: WidgetProps["options"],
) {
  const fromRule = ruleArgs(rule, "in");
  if (fromRule) return fromRule;
  if (Array.isArray(schema.enum)) return schema.enum.filter((v): v is string => typeof v === "string");
  return (options.enumOptions ?? []).map((o) => o.value).filter((v): v is string => typeof v === "string");
}

export function SelectWidget(props: WidgetProps) {
  const field = useWidgetField(props);
  const value = typeof props.value === "string" ? props.value : null;
  return (
    <SelectInput
      {...editorPropsOf(props, field, value)}
      choices={choicesOf(field.rules?.rule, props.schema, props.options)}
    />
  );
}
