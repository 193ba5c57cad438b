/** A TikTok user (v2 user/info) as the accounts table keeps it, and as an entrant's profile. */
import type { AccountProfile } from "../types";

/** The user/info fields asked for (user.info.basic, user.info.profile, user.info.stats). */
export const USER_FIELDS =
  "open_id,union_id,avatar_url,display_name,username,profile_deep_link,follower_count,following_count,video_count";

export type TiktokUser = {
  open_id?: string;
  avatar_url?: string;
  display_name?: string;
  username?: string;
  profile_deep_link?: string;
  follower_count?: number;
  following_count?: number;
  video_count?: number;
};

/** The account's id is its open_id (per application: TikTok gives each app its own id of a user). */
export function userProfile(u: TiktokUser): AccountProfile {
  const handle = u.username ?? u.open_id ?? "";
  return {
    external_id: u.open_id ?? "",
    name: u.display_name || handle,
    screen_name: handle,
    profile_picture: u.avatar_url || null,
    url: u.username ? `https://www.tiktok.com/@${u.username}` : (u.profile_deep_link ?? null),
    sandbox: false,
  };
}
