/** A YouTube channel as the accounts table keeps it, and as an entrant's profile (account age, subscribers). */
import type { AccountProfile, EntrantProfile } from "../types";

/** The parts of a channels.list item the driver reads (youtube.json: Channel). */
export type ChannelItem = {
  id: string;
  snippet?: {
    title?: string;
    customUrl?: string;
    publishedAt?: string;
    thumbnails?: Partial<Record<"default" | "medium" | "high", { url?: string }>>;
  };
  statistics?: { subscriberCount?: string; videoCount?: string; hiddenSubscriberCount?: boolean };
};
export type ChannelList = { items?: ChannelItem[]; nextPageToken?: string };

/** The handle (customUrl "@brand") without its @; the channel id when it has none. */
function handleOf(c: ChannelItem): string {
  return (c.snippet?.customUrl ?? "").replace(/^@/, "") || c.id;
}

/** The smallest picture the answer has (Google answers `default`, which its published description omits). */
function thumbnailOf(c: ChannelItem): string | null {
  const t = c.snippet?.thumbnails;
  return t?.default?.url ?? t?.medium?.url ?? t?.high?.url ?? null;
}

export function channelProfile(c: ChannelItem): AccountProfile {
  const handle = handleOf(c);
  return {
    external_id: c.id,
    name: c.snippet?.title ?? handle,
    screen_name: handle,
    profile_picture: thumbnailOf(c),
    url: c.snippet?.customUrl
      ? `https://www.youtube.com/${c.snippet.customUrl.startsWith("@") ? "" : "@"}${c.snippet.customUrl}`
      : `https://www.youtube.com/channel/${c.id}`,
    sandbox: false,
  };
}

export function channelEntrantProfile(c: ChannelItem): EntrantProfile {
  const p = channelProfile(c);
  return {
    external_id: c.id,
    screen_name: p.screen_name,
    name: p.name,
    profile_url: p.url,
    account_created_at: c.snippet?.publishedAt ?? null,
    followers: Number(c.statistics?.subscriberCount ?? 0) || 0,
    following: 0,
    posts: Number(c.statistics?.videoCount ?? 0) || 0,
  };
}
