/** A Threads profile (GET /me) as an account, and a Threads user as an entrant (only the handle is readable). */
import { type Entrant, entrantId } from "../../../engine/lifecycle/entrant";
import type { ProviderDefinition } from "../../catalog";
import type { AccountProfile, EntrantProfile } from "../types";

export type ThreadsProfile = {
  id: string;
  username?: string;
  name?: string;
  threads_profile_picture_url?: string;
};

export const profileUrl = (username: string) => `https://www.threads.com/@${username}`;

export function threadsProfile(p: ThreadsProfile): AccountProfile {
  const username = p.username ?? p.id;
  return {
    external_id: p.id,
    name: p.name || username,
    screen_name: username,
    profile_picture: p.threads_profile_picture_url ?? null,
    url: profileUrl(username),
    sandbox: false,
  };
}

/**
 * An entrant known by the handle a reply carries: Threads answers replies with `username` and no user id, so
 * the handle is the entrant's id (lower-cased, as handles are). Followers, age and posts are not readable
 * (capabilities: unchecked), so they stay 0 / null.
 */
export function threadsEntrant(provider: ProviderDefinition, username: string, at: string): Entrant {
  const handle = username.toLowerCase();
  return {
    id: entrantId(provider.name, handle),
    provider: provider.name,
    source_id: "",
    external_id: handle,
    screen_name: username,
    name: username,
    profile_url: profileUrl(username),
    account_created_at: null,
    followers: 0,
    following: 0,
    posts: 0,
    is_bot_signal: false,
    comments: [],
    did: { repost: false, quote: false, like: false, follows: [], reactions: [] },
    repost_ratio: null,
    first_at: at,
  };
}

export function threadsEntrantProfile(username: string): EntrantProfile {
  return {
    external_id: username.toLowerCase(),
    screen_name: username,
    name: username,
    profile_url: profileUrl(username),
    account_created_at: null,
    followers: 0,
    following: 0,
    posts: 0,
  };
}
