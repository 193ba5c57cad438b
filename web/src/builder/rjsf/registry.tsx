/**
 * The widgets the builder's forms use, by the sidecar's widget names (docs/rules.md "ui.widget"): the field editors
 * of web/src/builder/widgets (builderWidgets), the one registry.
 * A compound widget of an object (a media slot) is rendered through the `widget` field below, since rjsf draws
 * objects with fields, not widgets.
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import {
  englishStringTranslator,
  type FieldProps,
  getUiOptions,
  getWidget,
  type RegistryFieldsType,
  type RegistryWidgetsType,
  TranslatableString,
} from "@rjsf/utils";
import { BUILDER_WIDGET_NAMES, builderWidgets as fieldEditors } from "../widgets";

/** The builder's widgets: the field editors of web/src/builder/widgets, one per sidecar widget name. */
export const builderWidgets: RegistryWidgetsType = fieldEditors;

/** The names a compound node (an object or a list) may be rendered by: only real builder widgets. */
export const customWidgetNames: ReadonlySet<string> = new Set(BUILDER_WIDGET_NAMES);

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
