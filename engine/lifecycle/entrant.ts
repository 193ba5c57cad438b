/**
 * What the server stores per entrant, per contest: one account's entry in one source, with what the filters and
 * the action checks read (contest-builder.md §3 "Entry").
 */

export type EntrantComment = { id: string; text: string; at: string };

export type EntrantActions = {
  repost: boolean;
  quote: boolean;
  like: boolean;
  /**
   * The accounts followed: external ids (the publishing account is known by its id, publication.account_id) or
   * handles, with or without "@" (the form knows the other accounts to follow by handle only).
   */
  follows: string[];
  /** Facebook reactions given to the main publication (like, love, wow, haha, sad, angry). */
  reactions: string[];
};

export type Entrant = {
  /** provider:external_id: the id that goes into the entrants list of the draw. */
  id: string;
  provider: string;
  /** The source entered: the builder source's id (100 or more, as text) or the stored source's _id. */
  source_id: string;
  external_id: string;
  screen_name: string;
  name: string;
  profile_url: string | null;
  account_created_at: string | null;
  followers: number;
  following: number;
  posts: number;
  /** An automated account or a suspicious posting application (synthetic or heuristic). */
  is_bot_signal: boolean;
  comments: EntrantComment[];
  did: EntrantActions;
  /** Share of recent posts that are reposts, 0 to 100, for the retweet-rate filter; null when unknown. */
  repost_ratio: number | null;
  /** When the account first entered this source. */
  first_at: string;
  /** first_at is when a load first saw the action, the network dating none (a Bluesky repost as listed). */
  first_seen?: boolean;
};

/** The id of an entrant in the entrants list: provider:external_id. */
export function entrantId(provider: string, externalId: string): string {
  return `${provider}:${externalId}`;
}
