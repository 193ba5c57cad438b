/**
 * Account lists as chips (excluded accounts, accounts to follow): "@" added when missing, @ + 1 to 15 word
 * characters, duplicates ignored whatever their case, and an input with spaces or commas adds several accounts
 * (contest-builder.md §5 "Text entries").
 */
import type { WidgetProps } from "@rjsf/utils";
import { checkExcludedAccounts } from "../../../../engine/text/normalize";
import { ChipInput } from "./ChipInput";
import { editorPropsOf, ownsLabel, useWidgetField } from "./use-field";

export function ExcludedAccountsWidget(props: WidgetProps) {
  const field = useWidgetField(props);
  const value: string[] = Array.isArray(props.value) ? props.value : [];
  return (
    <ChipInput
      {...editorPropsOf(props, field, value)}
      label={props.label}
      showLabel={ownsLabel(props.schema)}
      check={checkExcludedAccounts}
      placeholder={props.placeholder ?? "@account"}
    />
  );
}
