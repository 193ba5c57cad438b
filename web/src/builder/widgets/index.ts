/**
 * The builder's field editors as rjsf widgets, keyed by the `ui.widget` names of the rule sidecars
 * (schemas/contest/**.rules.json). The builder passes `builderWidgets` to its forms; each widget reads the
 * builder's formContext (web/src/builder/form-context.ts) for its rules, errors and the calls it makes.
 */
import type { RegistryWidgetsType } from "@rjsf/utils";
import { AccountWidget } from "./AccountWidget";
import { DateTimeWidget } from "./DateTimeWidget";
import { ExcludedAccountsWidget } from "./ExcludedAccountsWidget";
import { HiddenWidget } from "./HiddenWidget";
import { KeywordsWidget } from "./KeywordsWidget";
import { ManualCheckReasonsWidget } from "./ManualCheckReasonsWidget";
import { MediaWidget } from "./MediaWidget";
import { NumberWidget } from "./NumberWidget";
import { ReactionsWidget } from "./ReactionsWidget";
import { RemindersWidget } from "./RemindersWidget";
import { RetweetRateGaugeWidget } from "./RetweetRateGaugeWidget";
import { SelectWidget } from "./SelectWidget";
import { TextareaWidget } from "./TextareaWidget";
import { TextWidget } from "./TextWidget";
import { ToggleWidget } from "./ToggleWidget";
import { TweetTextWidget } from "./TweetTextWidget";
import { WinningMomentsWidget } from "./WinningMomentsWidget";

/**
 * The one widget registry, by sidecar name. Its names are written into schemas/meta/rules.schema.json as the enum
 * of `ui.widget` (a test keeps the two equal), so `schemas:check` refuses a sidecar naming a widget not here.
 */
export const builderWidgets = {
  toggle: ToggleWidget,
  media: MediaWidget,
  textarea: TextareaWidget,
  "tweet-text": TweetTextWidget,
  keywords: KeywordsWidget,
  number: NumberWidget,
  datetime: DateTimeWidget,
  reminders: RemindersWidget,
  account: AccountWidget,
  "excluded-accounts": ExcludedAccountsWidget,
  "winning-moments": WinningMomentsWidget,
  text: TextWidget,
  "retweet-rate-gauge": RetweetRateGaugeWidget,
  reactions: ReactionsWidget,
  "manual-check-reasons": ManualCheckReasonsWidget,
  select: SelectWidget,
  hidden: HiddenWidget,
} satisfies Record<string, RegistryWidgetsType[string]>;

export type BuilderWidgetName = keyof typeof builderWidgets;

/** Every sidecar widget name (Object.keys types its answer as string[]; these are the registry's own keys). */
export const BUILDER_WIDGET_NAMES = Object.keys(builderWidgets) as readonly BuilderWidgetName[];
