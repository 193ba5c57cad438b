/**
 * A text of several lines (facebook, instagram, threads, youtube and tiktok publications, custom actions): a live
 * character counter when the field's rule has a maximum (between:min,max), and shortlinks on paste.
 */
import type { WidgetProps } from "@rjsf/utils";
import { TextEditor } from "./TextEditor";
import { textLimitOf } from "./text-count";
import { editorPropsOf, useWidgetField } from "./use-field";

export function TextareaWidget(props: WidgetProps) {
  const field = useWidgetField(props);
  const value = typeof props.value === "string" ? props.value : "";
  return (
    <TextEditor
      {...editorPropsOf(props, field, value)}
      multiline
      limit={textLimitOf(field.rules?.rule)}
      ctx={field.ctx}
      placeholder={props.placeholder}
      autoFocus={props.autofocus}
      rows={typeof props.options.rows === "number" ? props.options.rows : undefined}
    />
  );
}
