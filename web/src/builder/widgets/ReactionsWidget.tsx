/**
 * The facebook reactions that count as taking part (contest-builder.md §3: like, love, wow, haha, sad, angry, all
 * by default): one checkbox each, in the schema's order, in a labelled group.
 */

import { useLingui } from "@lingui/react/macro";
import type { WidgetProps } from "@rjsf/utils";
import { Angry, Circle, Frown, Heart, Laugh, type LucideIcon, Sparkles, ThumbsUp } from "lucide-react";
import constants from "../../../../schemas/constants.json";
import { ruleArgs } from "./field-rules";
import { REACTIONS } from "./labels";
import { useWidgetField } from "./use-field";

/** The mark of each Facebook reaction, drawn as an icon (emoji need a font not every system has). */
const REACTION_ICONS: Record<string, LucideIcon> = {
  like: ThumbsUp,
  love: Heart,
  wow: Sparkles,
  haha: Laugh,
  sad: Frown,
  angry: Angry,
};

function reactionsOf(rule: string | undefined, schema: WidgetProps["schema"]): string[] {
  const items = schema.items as { enum?: unknown[] } | undefined;
  const fromSchema = items?.enum?.filter((v): v is string => typeof v === "string");
  return fromSchema ?? ruleArgs(rule, "in") ?? constants.contest.facebook_reactions;
}

export function ReactionsWidget(props: WidgetProps) {
  const { t } = useLingui();
  const field = useWidgetField(props);
  const all = reactionsOf(field.rules?.rule, props.schema);
  const value: string[] = Array.isArray(props.value) ? props.value : [];
  const toggle = (reaction: string, on: boolean) => {
    const next = all.filter((r) => (r === reaction ? on : value.includes(r)));
    props.onChange(next);
  };
  return (
    <fieldset
      id={props.id}
      className={`reactions${field.invalid ? " is-invalid" : ""}`}
      aria-describedby={field.describedBy}
      disabled={field.disabled}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) props.onBlur(props.id, value);
      }}
    >
      <legend className="widget-label">{props.label || t`Reactions`}</legend>
      {all.map((reaction) => {
        const known = REACTIONS[reaction];
        return (
          <label key={reaction} className={`reaction${value.includes(reaction) ? " is-on" : ""}`}>
            <input
              type="checkbox"
              checked={value.includes(reaction)}
              onChange={(e) => toggle(reaction, e.target.checked)}
            />
            <span aria-hidden="true" className="reaction-emoji">
              {(() => {
                const Icon = REACTION_ICONS[reaction] ?? Circle;
                return <Icon size={16} />;
              })()}
            </span>
            <span>{known ? t(known.label) : reaction}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
