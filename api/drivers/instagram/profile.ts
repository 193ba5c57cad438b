/** An Instagram professional account as Meta describes it (IGUser, and the IG-only API's IGUserForIGOnlyAPI). */
import type { AccountProfile } from "../types";

export type IgUser = {
  id: string;
  /** Instagram Login's /me: the professional account's id (the one its media and comments are under). */
  user_id?: string;
  username?: string;
  name?: string;
  profile_picture_url?: string;
  account_type?: string;
  followers_count?: number;
  media_count?: number;
};

/** What /me is asked for with Instagram Login (fields of IGUserForIGOnlyAPI). */
export const USER_FIELDS = [
  "id",
  "user_id",
  "username",
  "name",
  "profile_picture_url",
  "account_type",
] as const;

export function userProfile(u: IgUser): AccountProfile {
  const username = u.username ?? "";
  return {
    external_id: u.user_id ?? u.id,
    name: u.name || username,
    screen_name: username,
    profile_picture: u.profile_picture_url ?? null,
    url: username ? `https://www.instagram.com/${username}/` : null,
    sandbox: false,
  };
}
