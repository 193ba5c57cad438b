/**
 * A publication text on twitter or bluesky: several lines, a live weighted counter (twitter-text weights with the
 * placeholders replaced, the way the twitter_publication_content rule counts them; 280 unless the rule says
 * otherwise, e.g. 5000 for private messages, 200 for winning moments) and shortlinks on paste.
 */
import type { WidgetProps } from "@rjsf/utils";
import { TextEditor } from "./TextEditor";
import { DEFAULT_WEIGHTED_MAX, textLimitOf } from "./text-count";
import { useWidgetField } from "./use-field";

export function TweetTextWidget(props: WidgetProps) {
  const field = useWidgetField(props);
  const value = typeof props.value === "string" ? props.value : "";
  const limit = textLimitOf(field.rules?.rule) ?? { kind: "weighted" as const, max: DEFAULT_WEIGHTED_MAX };
  return (
    <TextEditor
      id={props.id}
      value={value}
      onChange={(next) => props.onChange(next)}
      onBlur={() => props.onBlur(props.id, value)}
      onFocus={() => props.onFocus(props.id, value)}
      multiline
      limit={limit}
      ctx={field.ctx}
      disabled={field.disabled}
      invalid={field.invalid}
      describedBy={field.describedBy}
      placeholder={props.placeholder}
      autoFocus={props.autofocus}
    />
  );
}
