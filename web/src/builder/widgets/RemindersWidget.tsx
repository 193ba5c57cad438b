/**
 * A source's reminders (contest-builder.md §3, §4): a list of publications made while the contest runs, each with
 * its type, date, text, media and (twitter) dark flag. Each part follows its own sidecar entry — choices, date
 * window, text limit, media count, and the `when` conditions that hide the text of a plain repost. Reminders can
 * be added only once the start and close dates are set, up to the schema's maximum when it has one. A new
 * reminder has no date or text; its type is the schema's default (repost on facebook, none elsewhere).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { WidgetProps } from "@rjsf/utils";
import { produce } from "immer";
import { useEffect, useId, useRef } from "react";
import { canAddReminders } from "../../../../engine/dates";
import { getPath, setPathIn } from "../../../../engine/values";
import { FeatureStar } from "../../widgets/FeatureStar";
import type { BuilderFormContext } from "../form-context";
import { conditionsHold } from "./conditions";
import { DateTimeInput } from "./DateTimeInput";
import { dateBoundsOf } from "./date-bounds";
import { fieldRulesOf, ruleArgs } from "./field-rules";
import { MediaSlots } from "./MediaSlots";
import { maxFilesOf, mediaValueOf } from "./media-files";
import { SelectInput } from "./SelectInput";
import { TextEditor } from "./TextEditor";
import { textLimitOf } from "./text-count";
import { localeOf, nowOf, useOtherField, useWidgetField } from "./use-field";

export type ReminderItem = {
  id: string;
  type: string | null;
  creation_date: string | null;
  content: string;
  media: { files: { uuid: string; mime: string; size: number }[]; count: number };
  dark: boolean;
};

function newId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** The type a new reminder starts with: the item schema's default (facebook: repost), else none. */
export function newReminder(schema: WidgetProps["schema"]): ReminderItem {
  const items = schema.items as { properties?: { type?: { default?: unknown } } } | undefined;
  const type = items?.properties?.type?.default;
  return {
    id: newId(),
    type: typeof type === "string" ? type : null,
    creation_date: null,
    content: "",
    media: { files: [], count: 0 },
    dark: false,
  };
}

function FieldMessage({ ctx, path }: { ctx: BuilderFormContext | undefined; path: string }) {
  const message = ctx?.messageFor?.(path);
  return message ? <span className="field-error"> – {message}</span> : null;
}

export function RemindersWidget(props: WidgetProps) {
  const { t } = useLingui();
  const field = useWidgetField(props);
  const { ctx, path } = field;
  const list: ReminderItem[] = Array.isArray(props.value) ? props.value : [];
  const form = ctx?.form;
  const start = useOtherField<string | null>(ctx, "base.start_date") ?? null;
  const close = useOtherField<string | null>(ctx, "base.close_date") ?? null;
  const datesSet = canAddReminders(start, close);
  const dates: Record<string, unknown> = { "base.start_date": start, "base.close_date": close };
  const labelId = useId();
  const max = typeof props.schema.maxItems === "number" ? props.schema.maxItems : null;
  const full = max !== null && list.length >= max;
  const canAdd = !field.disabled && datesSet && !full;
  const focusAfter = useRef<string | null>(null);
  const rootRef = useRef<HTMLFieldSetElement>(null);

  // After an add or a remove, the focus goes to the new reminder's first control or back to the add button.
  useEffect(() => {
    const wanted = focusAfter.current;
    if (!wanted) return;
    focusAfter.current = null;
    const root = rootRef.current;
    const target =
      wanted === "add"
        ? root?.querySelector<HTMLElement>(".reminder-add")
        : root
            ?.querySelector(`[data-reminder="${wanted}"]`)
            ?.querySelector<HTMLElement>("select, input, textarea, button");
    target?.focus();
  });

  const relative = path.replace(/^sources\.\d+\./, "");
  const sourceIndex = /^sources\.(\d+)\./.exec(path)?.[1];
  const source = sourceIndex !== undefined ? getPath(form, `sources.${sourceIndex}`) : undefined;
  // The source as it is with this list (the form may hold the previous one until the change lands).
  const scope =
    source && typeof source === "object" ? produce(source, (d) => setPathIn(d, relative, list)) : {};

  const rulesOf = (i: number, name: string) =>
    fieldRulesOf(ctx?.config, ctx?.provider, `${path}.${i}.${name}`);
  /** Whether a part of a reminder is in play: it has rules here and its element-level conditions hold. */
  const inPlay = (i: number, name: string) => {
    if (!ctx) return name !== "dark";
    const rules = rulesOf(i, name);
    const own = rules?.when?.filter((c) => c.includes("*"));
    return rules !== undefined && conditionsHold(own, scope, i);
  };
  const blur = (itemPath: string) => {
    if (ctx?.blur) setTimeout(() => ctx.blur(itemPath), 0);
    else props.onBlur(props.id, list);
  };
  const update = (i: number, patch: Partial<ReminderItem>) =>
    props.onChange(list.map((item, j) => (j === i ? { ...item, ...patch } : item)));

  const add = () => {
    const item = newReminder(props.schema);
    focusAfter.current = item.id;
    props.onChange([...list, item]);
  };
  const remove = (i: number) => {
    focusAfter.current = "add";
    props.onChange(list.filter((_, j) => j !== i));
    blur(path);
  };

  return (
    <fieldset ref={rootRef} id={props.id} className="reminders" aria-labelledby={labelId}>
      <legend id={labelId} className="widget-label">
        {props.label || t`Reminders`}
      </legend>
      {list.length > 0 && (
        <ol className="reminder-list">
          {list.map((item, i) => {
            const n = i + 1;
            const itemPath = `${path}.${i}`;
            const itemId = `${props.id}.${i}`;
            const typeChoices = ruleArgs(rulesOf(i, "type")?.rule, "in") ?? [];
            const bounds = dateBoundsOf(rulesOf(i, "creation_date")?.rule, {
              get: (p) => (p in dates ? dates[p] : getPath(form, p)),
              path: `${itemPath}.creation_date`,
              now: nowOf(ctx),
            });
            const hasError = (name: string) => (field.errors[`${itemPath}.${name}`]?.length ?? 0) > 0;
            const darkRules = rulesOf(i, "dark");
            const darkGated =
              darkRules?.feature !== undefined && ctx?.hasFeature?.(darkRules.feature) === false;
            return (
              <li key={item.id} className="reminder" data-reminder={item.id}>
                <fieldset disabled={field.disabled}>
                  <legend>
                    <Trans>Reminder {n}</Trans>
                  </legend>
                  {typeChoices.length > 0 && (
                    <div className="reminder-part">
                      <label htmlFor={`${itemId}.type`}>
                        <Trans>Type</Trans>
                        <FieldMessage ctx={ctx} path={`${itemPath}.type`} />
                      </label>
                      <SelectInput
                        id={`${itemId}.type`}
                        value={item.type}
                        choices={typeChoices}
                        invalid={hasError("type")}
                        onChange={(type) => {
                          update(i, { type });
                          // A retweet has no text of its own: its text is checked again (contest-builder.md §4).
                          if (type === "retweet") blur(`${itemPath}.content`);
                        }}
                        onBlur={() => blur(`${itemPath}.type`)}
                      />
                    </div>
                  )}
                  <div className="reminder-part">
                    <span className="reminder-part-label">
                      <Trans>Publication date</Trans>
                      <FieldMessage ctx={ctx} path={`${itemPath}.creation_date`} />
                    </span>
                    <DateTimeInput
                      id={`${itemId}.creation_date`}
                      value={item.creation_date}
                      onChange={(creation_date) => update(i, { creation_date })}
                      onBlur={() => blur(`${itemPath}.creation_date`)}
                      label={t`Reminder ${n} date`}
                      locale={localeOf(ctx)}
                      min={bounds.min}
                      max={bounds.max}
                      invalid={hasError("creation_date")}
                      disabled={field.disabled}
                    />
                  </div>
                  {inPlay(i, "content") && (
                    <div className="reminder-part">
                      <label htmlFor={`${itemId}.content`}>
                        <Trans>Text</Trans>
                        <FieldMessage ctx={ctx} path={`${itemPath}.content`} />
                      </label>
                      <TextEditor
                        id={`${itemId}.content`}
                        value={item.content}
                        onChange={(content) => update(i, { content })}
                        onBlur={() => blur(`${itemPath}.content`)}
                        multiline
                        limit={textLimitOf(rulesOf(i, "content")?.rule)}
                        ctx={ctx}
                        disabled={field.disabled}
                        invalid={hasError("content")}
                        rows={3}
                      />
                    </div>
                  )}
                  {inPlay(i, "media") && (
                    <div className="reminder-part">
                      <label htmlFor={`${itemId}.media`}>
                        <Trans>Media</Trans>
                        <FieldMessage ctx={ctx} path={`${itemPath}.media`} />
                      </label>
                      <MediaSlots
                        id={`${itemId}.media`}
                        value={mediaValueOf(item.media)}
                        onChange={(media) => update(i, { media })}
                        onSettled={() => blur(`${itemPath}.media`)}
                        label={t`Reminder ${n}`}
                        maxFiles={maxFilesOf(rulesOf(i, "media")?.rule)}
                        ctx={ctx}
                        disabled={field.disabled}
                        invalid={hasError("media")}
                      />
                    </div>
                  )}
                  {inPlay(i, "dark") && (
                    <div className="reminder-part reminder-dark">
                      <label className="toggle-label">
                        <input
                          type="checkbox"
                          role="switch"
                          className="toggle-input"
                          checked={item.dark}
                          aria-checked={item.dark}
                          disabled={field.disabled || darkGated}
                          onChange={(e) => update(i, { dark: e.target.checked })}
                          onBlur={() => blur(`${itemPath}.dark`)}
                        />
                        <span className="toggle-track" aria-hidden="true" />
                        <Trans>Dark post (shown only as an ad)</Trans>
                      </label>
                      {darkGated && <FeatureStar />}
                    </div>
                  )}
                  <button
                    type="button"
                    className="button small danger reminder-remove"
                    onClick={() => remove(i)}
                    aria-label={t`Remove reminder ${n}`}
                  >
                    <Trans>Remove</Trans>
                  </button>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <button type="button" className="button small reminder-add" disabled={!canAdd} onClick={add}>
        <Trans>Add a reminder</Trans>
      </button>
      {!datesSet && (
        <p className="muted">
          <Trans>Set the start and close dates to add reminders.</Trans>
        </p>
      )}
      {full && (
        <p className="muted">
          <Trans>No more reminders can be added.</Trans>
        </p>
      )}
    </fieldset>
  );
}
