/**
 * The widgets the builder's forms use, by the sidecar's widget names (docs/rules.md "ui.widget"): the field editors
 * of web/src/builder/widgets (builderWidgets) and, for the simple names none of them provides, rjsf's own widgets.
 * A compound widget of an object (a media slot) is rendered through the `widget` field below, since rjsf draws
 * objects with fields, not widgets.
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { getDefaultRegistry } from "@rjsf/core";
import {
  englishStringTranslator,
  type FieldProps,
  getUiOptions,
  getWidget,
  type RegistryFieldsType,
  type RegistryWidgetsType,
  TranslatableString,
  type WidgetProps,
} from "@rjsf/utils";
import { builderContextOf } from "../form-context";
import { builderWidgets as fieldEditors } from "../widgets";

const defaults = getDefaultRegistry().widgets;

/** The account picker until the builder's own exists: the team's accounts of the source's network. */
function AccountFallback(props: WidgetProps) {
  const { t } = useLingui();
  const ctx = builderContextOf(props);
  const accounts = (ctx.provider && ctx.accounts[ctx.provider]) || [];
  return (
    <select
      id={props.id}
      value={props.value ?? ""}
      disabled={props.disabled || props.readonly}
      aria-label={props.label}
      onChange={(e) => props.onChange(e.target.value === "" ? null : Number(e.target.value))}
      onBlur={() => props.onBlur(props.id, props.value)}
    >
      <option value="">{t`Choose an account`}</option>
      {accounts.map((a) => (
        <option key={a._id} value={a.account_id}>
          {a.name} (@{a.screen_name})
        </option>
      ))}
    </select>
  );
}

/** rjsf's widget for each simple sidecar name. */
const FALLBACKS: RegistryWidgetsType = {
  toggle: defaults.CheckboxWidget,
  text: defaults.TextWidget,
  textarea: defaults.TextareaWidget,
  "tweet-text": defaults.TextareaWidget,
  number: defaults.UpDownWidget,
  datetime: defaults.DateTimeWidget,
  select: defaults.SelectWidget,
  account: AccountFallback,
  "retweet-rate-gauge": defaults.RangeWidget,
  hidden: defaults.HiddenWidget,
} as RegistryWidgetsType;

/** The field editors of web/src/builder/widgets. */
export const customWidgets: RegistryWidgetsType = fieldEditors as RegistryWidgetsType;

export const builderWidgets: RegistryWidgetsType = { ...FALLBACKS, ...customWidgets };

/** The names a compound node (an object or a list) may be rendered by: only real builder widgets. */
export const customWidgetNames: ReadonlySet<string> = new Set(Object.keys(customWidgets));

/** An object rendered whole by a widget (ui:field "widget", ui:widget <name>): rjsf's field props → WidgetProps. */
function WidgetField(props: FieldProps) {
  const { schema, uiSchema, fieldPathId, formData, registry, onChange, onBlur, onFocus, name } = props;
  const { widget, title, ...options } = getUiOptions(uiSchema);
  const Widget = getWidget(schema, widget as string, registry.widgets);
  return (
    <Widget
      id={fieldPathId.$id}
      name={name}
      schema={schema}
      uiSchema={uiSchema}
      value={formData}
      label={(title as string | undefined) ?? name}
      options={options}
      required={props.required}
      disabled={props.disabled}
      readonly={props.readonly}
      autofocus={props.autofocus}
      rawErrors={props.rawErrors}
      registry={registry}
      formContext={registry.formContext}
      onChange={(value: unknown) => onChange(value, fieldPathId.path, undefined, fieldPathId.$id)}
      onBlur={onBlur}
      onFocus={onFocus}
    />
  );
}

export const builderFields: RegistryFieldsType = { widget: WidgetField };

const STRINGS: Partial<Record<TranslatableString, ReturnType<typeof msg>>> = {
  [TranslatableString.AddItemButton]: msg`Add`,
  [TranslatableString.AddButton]: msg`Add`,
  [TranslatableString.RemoveButton]: msg`Remove`,
  [TranslatableString.MoveUpButton]: msg`Move up`,
  [TranslatableString.MoveDownButton]: msg`Move down`,
  [TranslatableString.CopyButton]: msg`Copy`,
  [TranslatableString.YesLabel]: msg`Yes`,
  [TranslatableString.NoLabel]: msg`No`,
  [TranslatableString.ArrayItemTitle]: msg`Item`,
  [TranslatableString.EmptyArray]: msg`Nothing in this list yet.`,
  [TranslatableString.NowLabel]: msg`Now`,
  [TranslatableString.ClearLabel]: msg`Clear`,
  [TranslatableString.IncrementAriaLabel]: msg`Increase value by 1`,
  [TranslatableString.DecrementAriaLabel]: msg`Decrease value by 1`,
  [TranslatableString.ClearButton]: msg`Clear`,
};

/** rjsf's own words (buttons of lists, yes/no) through Lingui. */
export function translatorOf(i18n: I18n) {
  return (key: TranslatableString, params?: string[]): string => {
    const own = STRINGS[key];
    return own ? i18n._(own) : englishStringTranslator(key, params);
  };
}
