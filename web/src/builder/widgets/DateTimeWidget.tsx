/**
 * A date field of the form (start, close, automatic draw, a moment's date) with the picker of DateTimeInput. Its
 * window comes from the field's rule (date-bounds.ts) and follows the dates it counts from: the close date waits
 * for the start, the automatic draw for the close; until the reference is set the picker is disabled and says why.
 */
import { useLingui } from "@lingui/react/macro";
import type { WidgetProps } from "@rjsf/utils";
import { DateTimeInput } from "./DateTimeInput";
import { useDateBounds } from "./date-bounds";
import { useWaitingReason } from "./field-labels";
import { editorPropsOf, localeOf, useWidgetField } from "./use-field";

export function DateTimeWidget(props: WidgetProps) {
  const { t } = useLingui();
  const field = useWidgetField(props);
  const bounds = useDateBounds(field.ctx, field.rules?.rule, field.path);
  const waitingReason = useWaitingReason(bounds.waitingFor);
  const value = typeof props.value === "string" && props.value !== "" ? props.value : null;
  return (
    <DateTimeInput
      {...editorPropsOf(props, field, value)}
      label={props.label || t`Date`}
      locale={localeOf(field.ctx)}
      min={bounds.min}
      max={bounds.max}
      disabled={field.disabled || bounds.waitingFor !== null}
      disabledReason={bounds.waitingFor !== null ? waitingReason : null}
    />
  );
}
