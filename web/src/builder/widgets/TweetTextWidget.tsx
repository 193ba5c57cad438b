/**
 * A publication text on twitter or bluesky: several lines, a live weighted counter (twitter-text weights with the
 * placeholders replaced, the way the weighted_length rule counts them; 280 unless the rule says
 * otherwise, e.g. 5000 for private messages, 200 for winning moments) and shortlinks on paste.
 */
import type { WidgetProps } from "@rjsf/utils";
import { TextEditor } from "./TextEditor";
import { DEFAULT_WEIGHTED_MAX, textLimitOf } from "./text-count";
import { editorPropsOf, useWidgetField } from "./use-field";

export function TweetTextWidget(props: WidgetProps) {
  const field = useWidgetField(props);
  const value = typeof props.value === "string" ? props.value : "";
  const limit = textLimitOf(field.rules?.rule) ?? { kind: "weighted" as const, max: DEFAULT_WEIGHTED_MAX };
  return (
    <TextEditor
      {...editorPropsOf(props, field, value)}
      multiline
      limit={limit}
      ctx={field.ctx}
      placeholder={props.placeholder}
      autoFocus={props.autofocus}
    />
  );
}
