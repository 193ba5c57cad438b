/** A Facebook Page as the accounts table keeps it (facebook-nodejs-business-sdk Page: id, name, username, link). */
import type { AccountProfile } from "../types";

export type GraphPage = { id: string; name?: string; username?: string; link?: string };

export function pageProfile(p: GraphPage): AccountProfile {
  const handle = p.username || p.id;
  return {
    external_id: p.id,
    name: p.name || handle,
    screen_name: handle,
    // The Page's picture is not a field of the Page object: the default picture is shown.
    profile_picture: null,
    url: p.link ?? `https://www.facebook.com/${p.username ?? p.id}`,
    sandbox: false,
  };
}
