/**
 * Bluesky profiles: the number an account is known by in the builder, a linked account's profile, and the
 * entrants' profiles read in batches (app.bsky.actor.getProfiles, 25 a call) for the filters and the profile view:
 * creation date, followers, following, posts, and the current handle and name.
 */
import type { AtpAgent } from "@atproto/api";
import type { Entrant } from "../../../engine/lifecycle";
import { profileUrlOf } from "../../../engine/provider";
import type { ProviderDefinition } from "../../catalog";
import { hashedAccountNumber } from "../../services/publication-account";
import type { AccountProfile, EntrantProfile } from "../types";
import { asDriverError } from "./session";

/** app.bsky.actor.getProfiles takes at most 25 actors a call. */
const PROFILES_BATCH = 25;

export type ProfileLike = {
  did: string;
  handle: string;
  displayName?: string;
  avatar?: string;
  createdAt?: string;
  followersCount?: number;
  followsCount?: number;
  postsCount?: number;
};

/**
 * A Bluesky account's external id: the number it is known by in the builder (publication.account_id), 52 bits of
 * SHA-256(DID), the same number api/services/publication-account.ts gives any text id.
 */
export function accountNumber(did: string): string {
  return hashedAccountNumber(did);
}

export function accountProfile(
  provider: ProviderDefinition,
  p: ProfileLike,
  storedMeta?: Record<string, unknown>,
): AccountProfile {
  return {
    external_id: accountNumber(p.did),
    name: p.displayName?.trim() || p.handle,
    screen_name: p.handle,
    profile_picture: p.avatar ?? null,
    url: profileUrlOf(provider, p.handle),
    sandbox: false,
    ...(storedMeta ? { stored_meta: storedMeta } : {}),
  };
}

/** What an entrant's profile says (the account-age and follower filters, the profile view). */
export function entrantProfile(provider: ProviderDefinition, p: ProfileLike): EntrantProfile {
  return {
    external_id: p.did,
    screen_name: p.handle,
    name: p.displayName?.trim() || p.handle,
    profile_url: profileUrlOf(provider, p.handle),
    account_created_at: p.createdAt ?? null,
    followers: p.followersCount ?? 0,
    following: p.followsCount ?? 0,
    posts: p.postsCount ?? 0,
  };
}

/**
 * Fills the entrants' creation date and counts (and their current handle and name) from their profiles, 25 a
 * call. The lists (likes, reposts) carry profile views without them: without this the account-age filter would
 * remove nobody.
 */
export async function fillProfiles(
  agent: AtpAgent,
  provider: ProviderDefinition,
  entrants: Entrant[],
): Promise<void> {
  const byDid = new Map(entrants.map((e) => [e.external_id, e]));
  const dids = [...byDid.keys()];
  for (let i = 0; i < dids.length; i += PROFILES_BATCH) {
    let got: Awaited<ReturnType<AtpAgent["getProfiles"]>>;
    try {
      got = await agent.getProfiles({ actors: dids.slice(i, i + PROFILES_BATCH) });
    } catch (err) {
      throw asDriverError(err, "getProfiles");
    }
    for (const p of got.data.profiles as ProfileLike[]) {
      const e = byDid.get(p.did);
      if (!e) continue;
      e.screen_name = p.handle;
      e.name = p.displayName?.trim() || p.handle;
      e.profile_url = profileUrlOf(provider, p.handle);
      e.account_created_at = p.createdAt ?? e.account_created_at;
      e.followers = p.followersCount ?? e.followers;
      e.following = p.followsCount ?? e.following;
      e.posts = p.postsCount ?? e.posts;
    }
  }
}
