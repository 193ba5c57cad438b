/**
 * A text of several lines (facebook, instagram, threads, youtube and tiktok publications, custom actions): a live
 * character counter when the field's rule has a maximum (between:min,max), and shortlinks on paste.
 */
import type { WidgetProps } from "@rjsf/utils";
import { TextEditor } from "./TextEditor";
import { textLimitOf } from "./text-count";
import { useWidgetField } from "./use-field";

export function TextareaWidget(props: WidgetProps) {
  const field = useWidgetField(props);
  const value = typeof props.value === "string" ? props.value : "";
  return (
    <TextEditor
      id={props.id}
      value={value}
      onChange={(next) => props.onChange(next)}
      onBlur={() => props.onBlur(props.id, value)}
      onFocus={() => props.onFocus(props.id, value)}
      multiline
      limit={textLimitOf(field.rules?.rule)}
      ctx={field.ctx}
      disabled={field.disabled}
      invalid={field.invalid}
      describedBy={field.describedBy}
      placeholder={props.placeholder}
      autoFocus={props.autofocus}
      rows={typeof props.options.rows === "number" ? props.options.rows : undefined}
    />
  );
}
