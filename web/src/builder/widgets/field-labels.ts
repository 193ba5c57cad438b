/** Why a date picker waits (its window is counted from another date that is not set yet), in words. */
import { useLingui } from "@lingui/react/macro";

export function useWaitingReason(path: string | null): string | null {
  const { t } = useLingui();
  if (path === null) return null;
  if (path.endsWith("start_date")) return t`Choose the start date first.`;
  if (path.endsWith("close_date")) return t`Choose the close date first.`;
  if (path.endsWith("autodraw.date")) return t`Choose the draw date first.`;
  return t`Choose the date it depends on first.`;
}
