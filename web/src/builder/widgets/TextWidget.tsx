/** A one-line text (the contest name): a character counter when the rule has a maximum, shortlinks on paste. */
import type { WidgetProps } from "@rjsf/utils";
import { TextEditor } from "./TextEditor";
import { textLimitOf } from "./text-count";
import { editorPropsOf, useWidgetField } from "./use-field";

export function TextWidget(props: WidgetProps) {
  const field = useWidgetField(props);
  const value = typeof props.value === "string" ? props.value : "";
  return (
    <TextEditor
      {...editorPropsOf(props, field, value)}
      multiline={false}
      limit={textLimitOf(field.rules?.rule)}
      ctx={field.ctx}
      placeholder={props.placeholder}
      autoFocus={props.autofocus}
    />
  );
}
