/**
 * One part of the form ("base", "summary" or "sources.<i>", one tab of it for a source) as an rjsf form rendered
 * from its JSON Schema and its sidecar's hints (schema/pane-form.ts). rjsf only draws: validation is the engine's
 * (liveValidate off, noValidate, no error list). A change goes to the machine as CHANGE (TOGGLE for a switch, so the
 * feature ties apply), leaving a field as BLUR (which validates it). When the machine refuses a change (a start date
 * that waits for the update-dates confirmation, a switch held on by another option), the form is drawn again from
 * the machine's form.
 */
import { useLingui } from "@lingui/react/macro";
import Form, { type IChangeEvent } from "@rjsf/core";
import type { UiSchema } from "@rjsf/utils";
import { useCallback, useMemo, useState } from "react";
import { autodrawPickerDisabled, closePickerDisabled } from "../../../engine/dates";
import { getIn, getPath, isPlainObject } from "../../../engine/values";
import { useBuilderEnv, useBuilderSelector } from "./context";
import { ID_PREFIX, ID_SEPARATOR, pathOf } from "./form-context";
import { builderFields, builderWidgets, customWidgetNames, translatorOf } from "./rjsf/registry";
import { builderTemplates } from "./rjsf/templates";
import { useFormValidator } from "./rjsf/validator";
import { buildPaneForm } from "./schema/pane-form";
import { defaultOf, type Schema, type ScopeName, schemaAt, scopeSchema } from "./schema/schemas";
import { fieldAt } from "./visibility";

export type PartFormProps = {
  /** "base", "summary" or "sources.<i>". */
  part: string;
  scope: ScopeName;
  /** A source's tab. */
  tab?: string;
};

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

let idCounter = 0;
function newItemId(): string {
  idCounter += 1;
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `item-${Date.now()}-${idCounter}`;
}

/**
 * Elements rjsf added to a list start from the schema's defaults (the form shown has none) and get an id when their
 * schema has one (reminders, remind-to-follow messages).
 */
function completeItems(value: unknown, itemSchema: Schema | undefined): unknown {
  if (!Array.isArray(value) || !itemSchema) return value;
  const hasId = Boolean((itemSchema.properties as Record<string, unknown> | undefined)?.id);
  const defaults = defaultOf(itemSchema);
  return value.map((item) => {
    if (!isPlainObject(item) && item !== undefined) return item;
    const filled = isPlainObject(defaults) ? { ...defaults, ...(item ?? {}) } : (item ?? defaults);
    if (hasId && isPlainObject(filled) && (typeof filled.id !== "string" || filled.id === "")) {
      return { ...filled, id: newItemId() };
    }
    return filled;
  });
}

export function PartForm({ part, scope, tab }: PartFormProps) {
  const env = useBuilderEnv();
  const { actor, compiled, served } = env;
  const { i18n } = useLingui();
  const schema = useMemo(() => scopeSchema(scope), [scope]);
  const rules = scope.kind === "source" ? served.sources[scope.provider] : served[scope.kind];
  const labelScope = scope.kind === "source" ? "sources" : scope.kind;
  // The labels are translated: a language switch (i18n.locale) rebuilds them.
  const spec = useMemo(
    () =>
      schema && rules
        ? buildPaneForm({
            schema,
            rules,
            labelScope,
            ...(scope.kind === "source" ? { provider: scope.provider } : {}),
            tab,
            i18n,
            isGated: env.isGated,
            customWidgets: customWidgetNames,
          })
        : null,
    [schema, rules, labelScope, scope, tab, i18n, i18n.locale, env.isGated],
  );

  const formData = useBuilderSelector((s) => getPath(s.context.form, part));
  // §4 date interplay: the close picker waits for a start, the automatic draw picker for a close date.
  const closeLocked = useBuilderSelector(
    (s) => part === "base" && closePickerDisabled(s.context.form.base.start_date as string),
  );
  const drawLocked = useBuilderSelector(
    (s) => part === "base" && autodrawPickerDisabled(s.context.form.base.close_date as string),
  );

  const uiSchema = useMemo((): UiSchema => {
    if (!spec) return {};
    const ui: UiSchema = {
      ...spec.uiSchema,
      "ui:options": { ...(spec.uiSchema["ui:options"] as object), steps: spec.steps },
      "ui:submitButtonOptions": { norender: true },
    };
    const lock = (key: string, child: string | null, locked: boolean) => {
      if (!locked || !ui[key]) return;
      if (child === null) ui[key] = { ...ui[key], "ui:disabled": true };
      else if (ui[key][child]) ui[key] = { ...ui[key], [child]: { ...ui[key][child], "ui:disabled": true } };
    };
    lock("close_date", null, closeLocked);
    lock("autodraw", "date", drawLocked);
    return ui;
  }, [spec, closeLocked, drawLocked]);

  const formContext = env.formContextOf(part);
  const translateString = useMemo(() => translatorOf(i18n), [i18n]);
  // Drawn again from the machine's form when the machine did not take a change as it was made.
  const [revision, setRevision] = useState(0);

  const onChange = useCallback(
    (event: IChangeEvent, id?: string) => {
      if (!id) return;
      const path = pathOf(id);
      if (path !== part && !path.startsWith(`${part}.`)) return;
      const relative = path === part ? "" : path.slice(part.length + 1);
      let value = relative === "" ? event.formData : getIn(event.formData, relative.split("."));
      const before = actor.getSnapshot().context.form;
      if (sameValue(getPath(before, path), value)) return;
      if (Array.isArray(value)) value = completeItems(value, schemaAt(schema, `${relative}.*`));
      const located = fieldAt(before, compiled, path);
      if (located?.field.config.ui?.widget === "toggle" && typeof value === "boolean") {
        actor.send({ type: "TOGGLE", path, on: value });
      } else {
        actor.send({ type: "CHANGE", path, value });
      }
      // One checkbox makes the won and the lost replies of winning moments dark together (contest-builder.md §4):
      // the sidecar hides the lost one's.
      const tied = /^(.*\.winning_moments)\.won_publication\.dark$/.exec(path);
      if (tied) actor.send({ type: "CHANGE", path: `${tied[1]}.lost_publication.dark`, value });
      if (!sameValue(getPath(actor.getSnapshot().context.form, path), value)) setRevision((r) => r + 1);
    },
    [actor, compiled, part, schema],
  );

  // Sent once the focus has reached the next control: validating removes and adds marks (a step's arrow becomes
  // a check), and a node removed while the focus is between two controls sends it to the dialog (Radix's focus
  // trap), so Tab from the contest name would land on the builder's frame instead of the start date.
  const onBlur = useCallback(
    (id: string) => {
      const path = pathOf(id);
      if (!path.startsWith(`${part}.`)) return;
      setTimeout(() => {
        if (actor.getSnapshot().status === "active") actor.send({ type: "BLUR", path });
      }, 0);
    },
    [actor, part],
  );

  const validator = useFormValidator(spec?.schema);

  if (!spec || !validator) return null;
  return (
    <Form
      key={revision}
      className="builder-form"
      schema={spec.schema}
      uiSchema={uiSchema}
      formData={formData}
      formContext={formContext}
      validator={validator}
      widgets={builderWidgets}
      fields={builderFields}
      templates={builderTemplates}
      translateString={translateString}
      idPrefix={`${ID_PREFIX}${part}`}
      idSeparator={ID_SEPARATOR}
      liveValidate={false}
      noValidate
      showErrorList={false}
      noHtml5Validate
      onChange={onChange}
      onBlur={onBlur}
      onSubmit={() => undefined}
    />
  );
}
