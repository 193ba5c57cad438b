/** Dates and links as the team pages write them. */

import type { I18n } from "@lingui/core";
import { publicUrl } from "../public-url";

/** A date (and time) in the interface language; an empty text for none. */
export function formatDate(i18n: I18n, iso: string | null | undefined, withTime = false): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return i18n.date(date, withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" });
}

/** The link an invite is used through (/invite/{key}, a public page), on the app's public address. */
export function inviteLink(key: string, origin: string = publicUrl()): string {
  return `${origin}/invite/${encodeURIComponent(key)}`;
}

/** A shortlink as people type it: https://{domain}/{key}. */
export function shortUrl(link: { domain: string; key: string }): string {
  return `https://${link.domain}/${link.key}`;
}

/** The page of one shortlink (/team/shortlinks/{key}), on its domain. */
export function shortlinkPath(link: { domain: string; key: string }): string {
  return `/team/shortlinks/${encodeURIComponent(link.key)}?domain=${encodeURIComponent(link.domain)}`;
}
