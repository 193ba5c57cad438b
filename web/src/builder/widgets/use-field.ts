/**
 * What every builder widget reads about its field, in one place: the builder's formContext, the dotted form path
 * (the rjsf id is `fd-` + the path), the field's sidecar rules, whether it shows an error (re-rendering when that
 * changes) and whether it is disabled (rjsf's disabled/readonly, or can_edit false in the config).
 */
import { ariaDescribedByIds, type WidgetProps } from "@rjsf/utils";
import type { FieldRules } from "../../../../codegen/types";
import type { FieldError } from "../../../../engine/messages/types";
import {
  type BuilderFormContext,
  builderContextOf,
  pathOf,
  useFieldErrors,
  useFormValue,
} from "../form-context";
import { fieldRulesOf } from "./field-rules";

// Every widget reads its field here, so the widgets' styles come with any of them.
import "./widgets.css";

export type WidgetField = {
  /** Undefined when the widget is drawn outside the builder (a plain rjsf form). */
  ctx: BuilderFormContext | undefined;
  path: string;
  rules: FieldRules | undefined;
  /** The errors of the field and of everything under it, by path (a list widget shows its items' errors). */
  errors: Readonly<Record<string, FieldError[]>>;
  invalid: boolean;
  disabled: boolean;
  /** rjsf's ids of the field's error, description and help, for aria-describedby. */
  describedBy: string;
};

/** Stands in for the builder outside it, so the hooks below can always be called. */
const NO_BUILDER = {
  form: {},
  getForm: () => ({}),
  getErrors: () => ({}),
  subscribe: () => () => {},
} as unknown as BuilderFormContext;

export function useWidgetField(props: WidgetProps): WidgetField {
  const ctx = (builderContextOf(props) as BuilderFormContext | undefined) ?? undefined;
  const path = pathOf(props.id);
  const rules = fieldRulesOf(ctx?.config, ctx?.provider, path);
  const errors = useFieldErrors(ctx ?? NO_BUILDER, path);
  return {
    ctx,
    path,
    rules,
    errors,
    invalid: (errors[path]?.length ?? 0) > 0 || (props.rawErrors?.length ?? 0) > 0,
    disabled: Boolean(props.disabled || props.readonly || rules?.can_edit === false),
    describedBy: ariaDescribedByIds(props.id),
  };
}

/**
 * What a widget hands to its editor (TextEditor, ChipInput, SelectInput, DateTimeInput): the id, the value as the
 * editor takes it, rjsf's change, blur and focus calls, and the field's disabled, invalid and described-by state.
 */
export function editorPropsOf<T>(props: WidgetProps, field: WidgetField, value: T) {
  return {
    id: props.id,
    value,
    onChange: (next: T) => props.onChange(next),
    onBlur: () => props.onBlur(props.id, value),
    onFocus: () => props.onFocus(props.id, value),
    disabled: field.disabled,
    invalid: field.invalid,
    describedBy: field.describedBy,
  };
}

/** The value of another field, re-rendering the widget when it changes (undefined outside the builder). */
export function useOtherField<T>(ctx: BuilderFormContext | undefined, path: string): T | undefined {
  return useFormValue<T | undefined>(ctx ?? NO_BUILDER, path);
}

/** The builder's locale, else the document's, else English. */
export function localeOf(ctx: BuilderFormContext | undefined): string {
  return ctx?.locale || (typeof document !== "undefined" && document.documentElement.lang) || "en";
}

/** "Now" on the server's clock when the builder gives it (decisions.md "Time"), else the browser's. */
export function nowOf(ctx: BuilderFormContext | undefined): number {
  return ctx?.now ? ctx.now().getTime() : Date.now();
}

/**
 * Whether the widget shows its own label: the field template labels simple fields, but not switches (booleans)
 * nor the fields drawn whole by a widget (objects and lists), which label themselves.
 */
export function ownsLabel(schema: WidgetProps["schema"]): boolean {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  return type === "boolean" || type === "object" || type === "array";
}
