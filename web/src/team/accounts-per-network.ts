/**
 * The accounts quota's use as a marketer reads it: the quota counts per network, so the figure is said with the
 * networks it is on, the busiest first ("2 on Bluesky and 1 on TikTok", "1 on each of Facebook, X and TikTok"),
 * never a bare total beside a list of "Facebook 1, X 1" that reads like a sum.
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { formatList } from "../i18n/list";
import { providerOf } from "../providers";

/** The networks grouped by how many accounts each has, the largest count first, networks in the given order. */
export function networksByCount(perProvider: Readonly<Record<string, number>>): [number, string[]][] {
  const groups = new Map<number, string[]>();
  for (const [provider, n] of Object.entries(perProvider)) {
    if (n > 0) groups.set(n, [...(groups.get(n) ?? []), provider]);
  }
  return [...groups.entries()].sort(([a], [b]) => b - a);
}

/** "2 on Bluesky and 1 on TikTok"; the plain number when no network has an account. */
export function accountsPerNetworkText(i18n: I18n, perProvider: Readonly<Record<string, number>>): string {
  const groups = networksByCount(perProvider).map(([n, providers]) => {
    const count = i18n.number(n);
    const names = providers.map((p) => providerOf(p)?.display_name ?? p);
    const [network] = names;
    if (names.length === 1 && network !== undefined) return i18n._(msg`${count} on ${network}`);
    const networks = formatList(i18n.locale, names);
    return i18n._(msg`${count} on each of ${networks}`);
  });
  return groups.length === 0 ? i18n.number(0) : formatList(i18n.locale, groups);
}
