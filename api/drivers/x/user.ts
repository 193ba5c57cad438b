/** An X user as the accounts table keeps it, and as an entrant's profile (account age, public metrics). */
import type { AccountProfile, EntrantProfile } from "../types";

/** The parts of X's User object the driver reads (current.json: User). */
export type XUser = {
  id: string;
  name: string;
  username: string;
  created_at?: string;
  profile_image_url?: string;
  public_metrics?: { followers_count?: number; following_count?: number; tweet_count?: number };
};

/** The user fields every call that answers users asks for: what the filters read. */
export const USER_FIELDS = "created_at,profile_image_url,public_metrics";

export function userProfile(u: XUser): AccountProfile {
  return {
    external_id: u.id,
    name: u.name || u.username,
    screen_name: u.username,
    profile_picture: u.profile_image_url ?? null,
    url: `https://x.com/${u.username}`,
    sandbox: false,
  };
}

export function userEntrantProfile(u: XUser): EntrantProfile {
  return {
    external_id: u.id,
    screen_name: u.username,
    name: u.name || u.username,
    profile_url: `https://x.com/${u.username}`,
    account_created_at: u.created_at ?? null,
    followers: u.public_metrics?.followers_count ?? 0,
    following: u.public_metrics?.following_count ?? 0,
    posts: u.public_metrics?.tweet_count ?? 0,
  };
}
