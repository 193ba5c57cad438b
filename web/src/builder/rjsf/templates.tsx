/**
 * The builder's rjsf templates (contest-builder.md §5 "Field errors show the first message beside the field label,
 * prefixed with a dash"): a field shows its label, its first engine error beside it and a FeatureStar when its plan
 * feature is missing; a field whose `when` conditions do not hold is not shown. The root object of a pane groups
 * its fields by the sidecar's steps, each with its state; a group with a switch shows the switch first.
 *
 * Every template reads the machine with a narrow selector (its own error, its own visibility), so a keystroke in
 * one field re-renders that field only.
 */
import { useLingui } from "@lingui/react/macro";
import {
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  type FieldTemplateProps,
  getUiOptions,
  type ObjectFieldTemplateProps,
  TranslatableString,
} from "@rjsf/utils";
import { Lock } from "lucide-react";
import { Profiler, type ReactNode, use } from "react";
import type { StepConfig } from "../../../../codegen/types";
import { partSteps } from "../../../../engine/builder/selectors";
import { providerOf } from "../../providers";
import { firstPlanWith } from "../../team/plans";
import { FeatureStar } from "../../widgets/FeatureStar";
import { BuilderProfilerContext, useBuilderEnv, useBuilderSelector } from "../context";
import {
  type BuilderFormContext,
  builderContextOf,
  ID_PREFIX,
  pathOf,
  usePublishingAccount,
} from "../form-context";
import { fieldDescription, lockedReason, stepLabel } from "../labels";
import { errorText } from "../messages";
import { StateIcon } from "../StateIcon";
import type { FieldOptions } from "../schema/pane-form";
import { isShown } from "../visibility";

function optionsOf(uiSchema: unknown): Partial<FieldOptions> {
  return getUiOptions(uiSchema as Record<string, unknown>) as Partial<FieldOptions>;
}

/** Whether the path shows now (re-renders only when that answer changes). */
function useShown(path: string): boolean {
  const { compiled } = useBuilderEnv();
  return useBuilderSelector((s) => isShown(s.context.form, compiled, path));
}

/** The first engine error of a path as text in the person's language, or null. */
export function useFieldMessage(path: string): string | null {
  const { locale } = useBuilderEnv();
  const first = useBuilderSelector((s) => s.context.errors[path]?.[0]);
  return first ? errorText(locale, first) : null;
}

/** The message and the star of a field the team's plan lacks, naming the first plan that has it. */
function Gate({ feature }: { feature: string }) {
  const { t } = useLingui();
  const plan = firstPlanWith(feature)?.name;
  return (
    <span className="builder-gate" data-feature={feature}>
      <FeatureStar />
      <span className="builder-gate-text">
        {plan
          ? t`You don't have access to that feature: it comes with the ${plan} plan.`
          : t`You don't have access to that feature.`}
      </span>
    </span>
  );
}

/**
 * The sentences under a field, named by rjsf's description id so the input points to them: what it does
 * (fieldDescription) and, for a field that cannot be changed, why and what happens instead (lockedReason).
 */
function Description({
  id,
  path,
  context,
  locked,
}: {
  id: string;
  path: string;
  context: BuilderFormContext | null;
  locked: boolean;
}) {
  const { i18n } = useLingui();
  const account = usePublishingAccount(context);
  const provider = context?.provider ?? null;
  const text = fieldDescription(i18n, path, provider ? providerOf(provider) : undefined, account);
  const reason = locked ? lockedReason(i18n, path) : null;
  if (!text && !reason) return null;
  return (
    <p className="builder-description muted" id={`${id}__description`}>
      {text}
      {text && reason && " "}
      {reason && (
        <span className="builder-locked-reason" data-locked-reason="">
          <Lock size={12} aria-hidden="true" /> {reason}
        </span>
      )}
    </p>
  );
}

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, displayLabel, schema, uiSchema, hidden, classNames } = props;
  const path = pathOf(id);
  const shown = useShown(path);
  const message = useFieldMessage(path);
  const onRender = use(BuilderProfilerContext);
  const options = optionsOf(uiSchema);
  if (hidden) return <div className="builder-hidden">{children}</div>;
  if (!shown) return null;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const container = type === "object" || type === "array";
  const isToggle = type === "boolean";
  const errorId = `${id}__error`;
  const body = onRender ? (
    <Profiler id={`field:${path}`} onRender={onRender}>
      {children}
    </Profiler>
  ) : (
    children
  );
  // A group (an object or a list) is framed by its own template; the error of the group itself shows above it.
  if (container && !message && !options.gated) {
    return (
      <div className={`builder-group-field ${classNames ?? ""}`} data-path={path}>
        {body}
      </div>
    );
  }
  const head = (
    <div className="builder-field-head">
      {displayLabel && !isToggle && !container && (
        <label htmlFor={id} className="builder-label">
          {label}
        </label>
      )}
      {message && (
        <span className="field-error" id={errorId} role="alert">
          {" – "}
          {message}
        </span>
      )}
      {options.gated && <Gate feature={options.gated} />}
    </div>
  );
  return (
    <div
      className={`builder-field ${classNames ?? ""}${message ? " has-error" : ""}`}
      data-path={path}
      data-invalid={message ? "true" : undefined}
    >
      {isToggle ? (
        <div className="builder-toggle-row">
          {body}
          {head}
        </div>
      ) : (
        <>
          {head}
          {body}
        </>
      )}
      <Description
        id={id}
        path={path}
        context={builderContextOf(props) ?? null}
        locked={options.locked === true}
      />
    </div>
  );
}

/** The step a root property belongs to (a step's `fields` are path prefixes relative to the part). */
function stepOfProperty(steps: readonly StepConfig[], name: string): StepConfig | undefined {
  return steps.find((s) => s.fields.some((f) => f === name || f.startsWith(`${name}.`)));
}

function StepSection({ part, step, children }: { part: string; step: StepConfig; children: ReactNode }) {
  const { i18n } = useLingui();
  const { compiled } = useBuilderEnv();
  const state = useBuilderSelector(
    (s) =>
      partSteps({ ...s.context, config: compiled }, part).find((x) => x.id === step.id)?.state ?? "REQUIRED",
  );
  const title = stepLabel(i18n, step.id);
  return (
    <section className="builder-step" data-step={step.id} data-state={state} aria-label={title}>
      <header className="builder-step-head">
        <StateIcon state={state} />
        <h4>{title}</h4>
      </header>
      <div className="builder-step-body">{children}</div>
    </section>
  );
}

export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, uiSchema, fieldPathId, registry } = props;
  const ctx = builderContextOf(registry);
  const id = fieldPathId.$id;
  const isRoot = id === `${ID_PREFIX}${ctx.part}`;
  const title = getUiOptions(uiSchema).title as string | undefined;
  if (isRoot) {
    const steps = (getUiOptions(uiSchema).steps as StepConfig[] | undefined) ?? [];
    const groups: { step: StepConfig | undefined; items: typeof properties }[] = [];
    for (const property of properties) {
      const step = stepOfProperty(steps, property.name);
      const group = groups.find((g) => g.step === step);
      if (group) group.items.push(property);
      else groups.push({ step, items: [property] });
    }
    return (
      <div className="builder-form-root">
        {groups.map(({ step, items }) =>
          step ? (
            <StepSection key={step.id} part={ctx.part} step={step}>
              {items.map((p) => p.content)}
            </StepSection>
          ) : (
            <div key="other" className="builder-step-other">
              {items.map((p) => p.content)}
            </div>
          ),
        )}
      </div>
    );
  }
  // A group with a switch (an "enabled" field): the switch leads and names the group, what it turns on follows.
  const toggle = properties.find((p) => p.name === "enabled");
  // A group right under the root is named by its step's heading already, a switched group by its switch.
  const named = !toggle && title && title.trim() !== "" && fieldPathId.path.length > 1;
  const rest = properties.filter((p) => p !== toggle);
  return (
    <fieldset className="builder-group" id={id}>
      {named && <legend>{title}</legend>}
      {toggle?.content}
      {rest.length > 0 && (
        <div className={toggle ? "builder-group-body builder-switched" : "builder-group-body"}>
          {rest.map((p) => p.content)}
        </div>
      )}
    </fieldset>
  );
}

export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { items, canAdd, onAddClick, disabled, readonly, title, fieldPathId, registry } = props;
  const { t } = useLingui();
  const add = registry.translateString(TranslatableString.AddItemButton);
  return (
    <fieldset className="builder-list" id={fieldPathId.$id}>
      {title && title.trim() !== "" && <legend>{title}</legend>}
      {items.length === 0 && <p className="muted">{t`Nothing in this list yet.`}</p>}
      <div className="builder-list-items">{items}</div>
      {canAdd && !readonly && (
        <button type="button" className="button small" onClick={onAddClick} disabled={disabled}>
          {add}
        </button>
      )}
    </fieldset>
  );
}

export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, index } = props;
  const { t } = useLingui();
  return (
    <div className="builder-list-item" data-index={index}>
      <div className="builder-list-item-body">{children}</div>
      {hasToolbar && buttonsProps.hasRemove && (
        <button
          type="button"
          className="button small"
          onClick={buttonsProps.onRemoveItem}
          disabled={buttonsProps.disabled || buttonsProps.readonly}
          aria-label={t`Remove item ${index + 1}`}
        >
          {t`Remove`}
        </button>
      )}
    </div>
  );
}

/** Nothing: descriptions of the schemas are for developers; errors are the engine's, shown by FieldTemplate. */
function Nothing() {
  return null;
}

export const builderTemplates = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  DescriptionFieldTemplate: Nothing,
  FieldErrorTemplate: Nothing,
  FieldHelpTemplate: Nothing,
  ErrorListTemplate: Nothing,
  ArrayFieldDescriptionTemplate: Nothing,
  ArrayFieldTitleTemplate: Nothing,
  TitleFieldTemplate: Nothing,
  ButtonTemplates: { SubmitButton: Nothing },
};
