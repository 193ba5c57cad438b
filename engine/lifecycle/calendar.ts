/** Calendar months in UTC, for the account-age and previous-winners filters. */

const DAY = 86_400_000;

/**
 * `time` moved by `months` calendar months (negative: back), in UTC. A day the target month lacks is clamped to
 * its last day: 31 March − 1 month is 28 (or 29) February, never 3 March.
 */
export function addMonths(time: number, months: number): number {
  const date = new Date(time);
  const totalMonths = date.getUTCFullYear() * 12 + date.getUTCMonth() + Math.trunc(months);
  const year = Math.floor(totalMonths / 12);
  const month = totalMonths - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  return (
    Date.UTC(year, month, day) +
    (time - Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()))
  );
}

export function addDays(time: number, days: number): number {
  return time + days * DAY;
}
