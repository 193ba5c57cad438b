/** A publication's media slot ({files, count}): MediaSlots with the maximum of the field's pub_media rule. */
import type { WidgetProps } from "@rjsf/utils";
import { MediaSlots } from "./MediaSlots";
import { maxFilesOf, mediaValueOf } from "./media-files";
import { ownsLabel, useWidgetField } from "./use-field";

export function MediaWidget(props: WidgetProps) {
  const field = useWidgetField(props);
  const value = mediaValueOf(props.value);
  return (
    <MediaSlots
      showLabel={ownsLabel(props.schema)}
      id={props.id}
      value={value}
      onChange={(next) => props.onChange(next)}
      onSettled={(next) => props.onBlur(props.id, next)}
      label={props.label}
      maxFiles={maxFilesOf(field.rules?.rule)}
      ctx={field.ctx}
      disabled={field.disabled}
      invalid={field.invalid}
      describedBy={field.describedBy}
    />
  );
}
