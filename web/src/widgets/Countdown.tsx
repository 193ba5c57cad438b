/**
 * Countdown (app-shell.md §2): days, hours, minutes, seconds; green above 600 s, yellow above 300 s, red otherwise.
 * `compact` shows minutes and seconds only (the builder's last 900 seconds).
 */
import { useLingui } from "@lingui/react/macro";
import { countdownColour, countdownParts } from "../../../engine/countdown";
import { useNow } from "./useNow";

export function Countdown({ to, compact = false }: { to: string; compact?: boolean }) {
  const { t } = useLingui();
  const now = useNow(1000);
  const left = Math.max(0, (Date.parse(to) - now) / 1000);
  const { days, hours, minutes, seconds } = countdownParts(left);
  const colour = countdownColour(left);
  const pad = (n: number) => String(n).padStart(2, "0");
  const label = compact
    ? t`${minutes} minutes ${seconds} seconds left`
    : t`${days} days ${hours} hours ${minutes} minutes ${seconds} seconds left`;
  return (
    <span className={`countdown countdown-${colour}`} data-colour={colour} role="timer" aria-label={label}>
      {compact ? (
        <>
          {pad(minutes + (days * 24 + hours) * 60)}:{pad(seconds)}
        </>
      ) : (
        <>
          {days > 0 && t`${days}d`} {pad(hours)}:{pad(minutes)}:{pad(seconds)}
        </>
      )}
    </span>
  );
}
