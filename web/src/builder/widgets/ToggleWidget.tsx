/**
 * An on/off field as a switch (a checkbox with the switch role, so it is one Tab stop and Space toggles it), with its
 * label beside it (the field template labels the other fields, not switches); when rjsf hides the label
 * (ui:label false) the switch is still named, by aria-label.
 *
 * One tie lives here (contest-builder.md §4): in winning moments one checkbox sets "dark" for the won and the lost
 * publications together, so the won publication's switch also sets the (hidden) lost one.
 */
import type { WidgetProps } from "@rjsf/utils";
import { useWidgetField } from "./use-field";

const WON_DARK = /\.winning_moments\.won_publication\.dark$/;

export function ToggleWidget(props: WidgetProps) {
  const field = useWidgetField(props);
  const checked = props.value === true;
  const set = (next: boolean) => {
    props.onChange(next);
    if (field.ctx && WON_DARK.test(field.path)) {
      field.ctx.change(field.path.replace(WON_DARK, ".winning_moments.lost_publication.dark"), next);
    }
  };
  return (
    <span className={`toggle${field.disabled ? " is-disabled" : ""}${field.invalid ? " is-invalid" : ""}`}>
      <label className="toggle-label">
        <input
          id={props.id}
          type="checkbox"
          role="switch"
          className="toggle-input"
          checked={checked}
          aria-checked={checked}
          disabled={field.disabled}
          aria-invalid={field.invalid || undefined}
          aria-describedby={field.describedBy}
          aria-label={props.hideLabel ? props.label : undefined}
          onChange={(e) => set(e.target.checked)}
          onBlur={() => props.onBlur(props.id, checked)}
          onFocus={() => props.onFocus(props.id, checked)}
        />
        <span className="toggle-track" aria-hidden="true" />
        {!props.hideLabel && <span className="toggle-text">{props.label}</span>}
      </label>
    </span>
  );
}
