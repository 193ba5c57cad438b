/**
 * Keyword lists as chips (contest-builder.md §5 "Text entries"): comment keywords, predictions and the bad words
 * of the excluded content. Bad words, and the keywords of a network whose definition says text.keyword_spacing
 * "collapsed", have their inner spaces collapsed; where it says "kept" they are only trimmed. Empty entries, a lone
 * # and duplicates are not added.
 */
import type { WidgetProps } from "@rjsf/utils";
import { keepsKeywordSpacing } from "../../../../engine/provider";
import { checkKeyword, checkTwitterKeyword } from "../../../../engine/text/normalize";
import { providerOf } from "../../providers";
import { ChipInput } from "./ChipInput";
import { editorPropsOf, ownsLabel, useWidgetField } from "./use-field";

export function KeywordsWidget(props: WidgetProps) {
  const field = useWidgetField(props);
  const provider = field.path.startsWith("sources.") ? field.ctx?.provider : null;
  const kept = provider ? keepsKeywordSpacing(providerOf(provider)) : false;
  const checkOne = kept ? checkTwitterKeyword : checkKeyword;
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
