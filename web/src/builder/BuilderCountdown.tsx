/**
 * The builder countdown (contest-builder.md §2): over the last 900 seconds before the chosen start minus the minimum
 * lead of the start-date rule, minutes and seconds left to submit with this start (engine/countdown.ts).
 */
import { Trans } from "@lingui/react/macro";
import { builderCountdown, minimumLeadMs } from "../../../engine/countdown";
import { toTime } from "../../../engine/values";
import { Countdown } from "../widgets/Countdown";
import { useNow } from "../widgets/useNow";
import { useBuilderEnv, useBuilderSelector } from "./context";

export function BuilderCountdown() {
  const { served } = useBuilderEnv();
  const start = useBuilderSelector((s) => s.context.form.base.start_date);
  const now = useNow(1000);
  const rule = served.base.fields.start_date?.rule ?? "";
  const lead = minimumLeadMs(rule) ?? 0;
  const state = builderCountdown({
    startDate: typeof start === "string" ? start : null,
    minLeadMs: lead,
    now,
  });
  const startTime = toTime(start);
  if (!state.visible || startTime === null) return null;
  return (
    <div className="builder-countdown" role="status">
      <span>
        <Trans>Time left to submit with this start date:</Trans>
      </span>{" "}
      <Countdown to={new Date(startTime - lead).toISOString()} compact />
    </div>
  );
}
