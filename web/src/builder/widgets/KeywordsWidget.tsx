/**
 * Keyword lists as chips (contest-builder.md §5 "Text entries"): comment keywords, predictions and the bad words
 * of the excluded content. Bad words and facebook keywords have their inner spaces collapsed; twitter keywords are
 * only trimmed. Empty entries, a lone # and duplicates are not added.
 */
import type { WidgetProps } from "@rjsf/utils";
import { checkKeyword, checkTwitterKeyword } from "../../../../engine/text/normalize";
import { ChipInput } from "./ChipInput";
import { editorPropsOf, ownsLabel, useWidgetField } from "./use-field";

export function KeywordsWidget(props: WidgetProps) {
  const field = useWidgetField(props);
  const twitter = field.ctx?.provider === "twitter" && field.path.startsWith("sources.");
  const checkOne = twitter ? checkTwitterKeyword : checkKeyword;
  const value: string[] = Array.isArray(props.value) ? props.value : [];
  return (
    <ChipInput
      {...editorPropsOf(props, field, value)}
      label={props.label}
      showLabel={ownsLabel(props.schema)}
      check={(list, input) => [checkOne(list, input)]}
      placeholder={props.placeholder}
    />
  );
}
