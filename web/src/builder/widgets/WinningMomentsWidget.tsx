/**
 * A twitter source's winning moments (contest-builder.md §4): the shuffle button draws as many random moments as
 * there are winners between the start and the close dates, sorted, none won yet (engine/winning-moments); without
 * both dates it does nothing, so it is disabled and says why. The moments are listed with their date and whether
 * one was won; the count is compared with the number of winners.
 */

import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { WidgetProps } from "@rjsf/utils";
import { Shuffle } from "lucide-react";
import { useId } from "react";
import { shuffleWinningMoments, type WinningMoment } from "../../../../engine/winning-moments";
import { localeOf, useOtherField, useWidgetField } from "./use-field";

export function WinningMomentsWidget(props: WidgetProps) {
  const { t } = useLingui();
  const field = useWidgetField(props);
  const start = useOtherField<string | null>(field.ctx, "base.start_date");
  const close = useOtherField<string | null>(field.ctx, "base.close_date");
  const nbWinners = Number(useOtherField<number>(field.ctx, "base.nb_winners") ?? 0);
  const labelId = useId();
  const moments: WinningMoment[] = Array.isArray(props.value) ? props.value : [];
  const canShuffle = !field.disabled && !!start && !!close;
  const format = new Intl.DateTimeFormat(localeOf(field.ctx), { dateStyle: "medium", timeStyle: "medium" });

  const shuffle = () => {
    const next = shuffleWinningMoments({ start, close, nbWinners });
    if (!next) return;
    props.onChange(next);
    setTimeout(() => props.onBlur(props.id, next), 0);
  };

  return (
    <fieldset className={`winning-moments${field.invalid ? " is-invalid" : ""}`} aria-labelledby={labelId}>
      <legend id={labelId} className="widget-label">
        {props.label || t`Winning moments`}
      </legend>
      <button
        id={props.id}
        type="button"
        className="button small"
        disabled={!canShuffle}
        aria-describedby={field.describedBy}
        aria-label={t`Shuffle the moments`}
        onClick={shuffle}
      >
        <Shuffle size={16} aria-hidden="true" /> <Trans>Shuffle the moments</Trans>
      </button>
      {!start || !close ? (
        <p className="muted">
          <Trans>Set the start and close dates to draw the moments.</Trans>
        </p>
      ) : (
        <p className="muted" role="status">
          <Plural value={moments.length} one="# moment" other="# moments" />
          {" · "}
          <Plural value={nbWinners} one="for # winner" other="for # winners" />
        </p>
      )}
      {moments.length > 0 && (
        <ol className="moment-list">
          {moments.map((moment, i) => {
            const time = moment.date ? new Date(moment.date) : null;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: moments are identified by their position
              <li key={i} className={moment.won ? "is-won" : undefined}>
                {time && !Number.isNaN(time.getTime()) ? (
                  <time dateTime={moment.date ?? undefined}>{format.format(time)}</time>
                ) : (
                  <Trans>No date</Trans>
                )}
                {moment.won && (
                  <span className="moment-won">
                    {" "}
                    <Trans>Won</Trans>
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </fieldset>
  );
}
