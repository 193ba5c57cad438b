/**
 * Account lists as chips (excluded accounts, accounts to follow): "@" added when missing, @ + 1 to 15 word
 * characters, duplicates ignored whatever their case, and an input with spaces or commas adds several accounts
 * (contest-builder.md §5 "Text entries").
 */
import type { WidgetProps } from "@rjsf/utils";
import { checkExcludedAccounts } from "../../../../engine/text/normalize";
import { ChipInput } from "./ChipInput";
import { ownsLabel, useWidgetField } from "./use-field";

export function ExcludedAccountsWidget(props: WidgetProps) {
  const field = useWidgetField(props);
  const value: string[] = Array.isArray(props.value) ? props.value : [];
  return (
    <ChipInput
      id={props.id}
      label={props.label}
      showLabel={ownsLabel(props.schema)}
      value={value}
      onChange={(next) => props.onChange(next)}
      onBlur={() => props.onBlur(props.id, value)}
      onFocus={() => props.onFocus(props.id, value)}
      check={checkExcludedAccounts}
      disabled={field.disabled}
      invalid={field.invalid}
      placeholder={props.placeholder ?? "@account"}
      describedBy={field.describedBy}
    />
  );
}
