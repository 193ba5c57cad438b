/**
 * The menus of app-shell.md §2 "Layout" as data: the main menu, the sub-menus by section, the mobile bottom bar.
 * Labels are Lingui message descriptors, translated where they are drawn.
 */

import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Dices, House, type LucideIcon, SearchCheck, Trophy, Users } from "lucide-react";

export type MenuItem = { to: string; label: MessageDescriptor; end?: boolean; icon?: LucideIcon };

/** A path without its trailing slash ("/" stays "/"). */
function trimmed(path: string): string {
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

/**
 * The item is the page shown: the same path, with or without a trailing slash, or (unless `end`) a page under it.
 */
export function isCurrent(pathname: string, item: Pick<MenuItem, "to" | "end">): boolean {
  const here = trimmed(pathname);
  const to = trimmed(item.to);
  if (here === to) return true;
  return !item.end && here.startsWith(to === "/" ? "/" : `${to}/`);
}

export const MAIN_MENU: MenuItem[] = [
  { to: "/", label: msg`Dashboard`, end: true },
  { to: "/contests/", label: msg`Contests` },
  { to: "/team/", label: msg`Team` },
];

export const ME_MENU: MenuItem[] = [
  { to: "/me/teams", label: msg`My teams` },
  { to: "/me/delegation", label: msg`Delegation` },
  { to: "/me/contests", label: msg`My contests` },
  { to: "/me/activity", label: msg`My activity` },
  { to: "/me/settings", label: msg`Settings` },
];

export const TEAM_MENU: MenuItem[] = [
  { to: "/team/", label: msg`Overview`, end: true },
  { to: "/team/accounts", label: msg`Accounts` },
  { to: "/team/members", label: msg`Members` },
  { to: "/team/invites", label: msg`Invites` },
  { to: "/team/shortlinks", label: msg`Shortlinks` },
  { to: "/team/activity", label: msg`Activity` },
  { to: "/team/subscription", label: msg`Subscription` },
  { to: "/team/settings", label: msg`Settings` },
];

export const CONTESTS_MENU: MenuItem[] = [
  { to: "/contests/", label: msg`All contests`, end: true },
  { to: "/contests/create", label: msg`Create` },
  { to: "/contests/quickdraw", label: msg`Quick draw` },
  { to: "/contests/check", label: msg`Check` },
];

export function contestMenu(contestId: string, withPublish: boolean): MenuItem[] {
  const base = `/contest/${encodeURIComponent(contestId)}`;
  return [
    { to: `${base}/`, label: msg`Overview`, end: true },
    { to: `${base}/entries`, label: msg`Entries` },
    { to: `${base}/statistics`, label: msg`Statistics` },
    { to: `${base}/drawing`, label: msg`Drawing` },
    { to: `${base}/settings`, label: msg`Settings` },
    ...(withPublish ? [{ to: `${base}/publish`, label: msg`Publish` }] : []),
  ];
}

/** The phone's bottom bar: an icon over a one-word label each, so five fit in 320 px. */
export const BOTTOM_BAR: MenuItem[] = [
  { to: "/", label: msg({ message: "Home", context: "bottom bar: the dashboard" }), end: true, icon: House },
  { to: "/contests/", label: msg`Contests`, end: true, icon: Trophy },
  {
    to: "/contests/quickdraw",
    label: msg({ message: "Draw", context: "bottom bar: quick draw" }),
    icon: Dices,
  },
  {
    to: "/contests/check",
    label: msg({ message: "Check", context: "bottom bar: check a post" }),
    icon: SearchCheck,
  },
  { to: "/team/", label: msg`Team`, icon: Users },
];

/** Which sub-menu a path shows. */
export function subMenuFor(pathname: string, withPublish: boolean): MenuItem[] | null {
  const contest = /^\/contest\/([^/]+)/.exec(pathname);
  if (contest?.[1]) return contestMenu(decodeURIComponent(contest[1]), withPublish);
  if (pathname.startsWith("/me/")) return ME_MENU;
  if (pathname === "/team" || pathname.startsWith("/team/")) return TEAM_MENU;
  if (pathname === "/contests" || pathname.startsWith("/contests/")) return CONTESTS_MENU;
  return null;
}
