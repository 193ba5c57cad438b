/**
 * The reasons a reviewer may give when rejecting an entry (contest-builder.md §3, §5): the reasons of
 * schemas/manual-check-reasons.json are offered as one-click suggestions, and any other reason can be typed
 * (3 to 50 characters, duplicates ignored). Offered reasons are stored by key and shown by their label.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { WidgetProps } from "@rjsf/utils";
import { addManualCheckReason, checkManualCheckReason } from "../../../../engine/text/normalize";
import reasonsJson from "../../../../schemas/manual-check-reasons.json";
import { ChipInput } from "./ChipInput";
import { MANUAL_CHECK_REASON_LABELS } from "./labels";
import { editorPropsOf, ownsLabel, useWidgetField } from "./use-field";

export const MANUAL_CHECK_REASONS: readonly string[] = reasonsJson.reasons.map((r) => r.key);

export function ManualCheckReasonsWidget(props: WidgetProps) {
  const { t } = useLingui();
  const field = useWidgetField(props);
  const value: string[] = Array.isArray(props.value) ? props.value : [];
  const labelOf = (entry: string) => {
    const descriptor = MANUAL_CHECK_REASON_LABELS[entry];
    return descriptor ? t(descriptor) : entry;
  };
  const offered = MANUAL_CHECK_REASONS.filter((key) => !value.includes(key));
  return (
    <ChipInput
      {...editorPropsOf(props, field, value)}
      label={props.label}
      showLabel={ownsLabel(props.schema)}
      check={(list, input) => [checkManualCheckReason(list, input)]}
      chipLabel={labelOf}
      placeholder={t`Type a reason and press Enter`}
    >
      {offered.length > 0 && (
        <fieldset className="chip-suggestions">
          <legend className="muted">
            <Trans>Suggested reasons</Trans>
          </legend>
          {offered.map((key) => (
            <button
              key={key}
              type="button"
              className="button small"
              disabled={field.disabled}
              onClick={() => props.onChange(addManualCheckReason(value, key))}
            >
              + {labelOf(key)}
            </button>
          ))}
        </fieldset>
      )}
    </ChipInput>
  );
}
