/**
 * Account lists as chips (excluded accounts, accounts to follow; contest-builder.md §5 "Text entries"): "@" added
 * when missing, duplicates ignored, and an input with spaces or commas adds several accounts. What an account is
 * comes from the network's handle rule (schemas/providers/<name>.json `handle`): a source's list takes its
 * network's accounts, written as the network writes them (bluesky "@Alice" is "@alice.bsky.social"); the
 * contest's own list (base) takes an account of any network, as typed.
 */
import type { WidgetProps } from "@rjsf/utils";
import { useMemo } from "react";
import type { HandleProvider } from "../../../../engine/text/handle";
import { type AccountNetworks, checkExcludedAccounts } from "../../../../engine/text/normalize";
import { PROVIDERS_BY_DISPLAY_NAME, providerOf } from "../../providers";
import { ChipInput } from "./ChipInput";
import { editorPropsOf, ownsLabel, useWidgetField } from "./use-field";

/** The source's network (by its provider name), or every network that has a handle rule (null: the base). */
function accountNetworksOf(provider: string | null): AccountNetworks {
  if (provider === null) return PROVIDERS_BY_DISPLAY_NAME.filter((p) => p.handle !== undefined);
  const network: HandleProvider = providerOf(provider) ?? { name: provider };
  return network;
}

export function ExcludedAccountsWidget(props: WidgetProps) {
  const field = useWidgetField(props);
  const provider = field.path.startsWith("sources.") ? (field.ctx?.provider ?? null) : null;
  const networks = useMemo(() => accountNetworksOf(provider), [provider]);
  const value: string[] = Array.isArray(props.value) ? props.value : [];
  return (
    <ChipInput
      {...editorPropsOf(props, field, value)}
      label={props.label}
      showLabel={ownsLabel(props.schema)}
      check={(list, input) => checkExcludedAccounts(networks, list, input)}
      placeholder={props.placeholder ?? "@account"}
    />
  );
}
