/** A one-line text (the contest name): a character counter when the rule has a maximum, shortlinks on paste. */
import type { WidgetProps } from "@rjsf/utils";
import { TextEditor } from "./TextEditor";
import { textLimitOf } from "./text-count";
import { useWidgetField } from "./use-field";

export function TextWidget(props: WidgetProps) {
  const field = useWidgetField(props);
  const value = typeof props.value === "string" ? props.value : "";
  return (
    <TextEditor
      id={props.id}
      value={value}
      onChange={(next) => props.onChange(next)}
      onBlur={() => props.onBlur(props.id, value)}
      onFocus={() => props.onFocus(props.id, value)}
      multiline={false}
      limit={textLimitOf(field.rules?.rule)}
      ctx={field.ctx}
      disabled={field.disabled}
      invalid={field.invalid}
      describedBy={field.describedBy}
      placeholder={props.placeholder}
      autoFocus={props.autofocus}
    />
  );
}
