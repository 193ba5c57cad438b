/**
 * TikTok (docs/decisions/037-tiktok.md): the account's profile by user/info; a quick import's video by
 * video/query (the account's own videos only: TikTok's Display API reads no one else's); comments through the API
 * for Business, only where the account's grant has the capability's `requires_scope` (comment.list: a business
 * account), else ListUnreadable, said as data; publishing through the Content Posting API (./publish.ts). TikTok
 * has no API to answer a video or to send a private message: both are refused as data.
 */
import { actionCapabilityOf, privateMessageMode } from "../../../engine/provider";
import type { ProviderDefinition } from "../../catalog";
import { ListUnreadable, MessageRefused, NetworkUnavailable, PostUnavailable } from "../errors";
import type { CheckpointStore } from "../shared/stores";
import type { TokenKeeper } from "../shared/tokens";
import type { EntriesLoad, EntriesRequest, NetworkDriver, OAuthSteps, StoredAccount } from "../types";
import type { TiktokApi } from "./api";
import { loadVideoComments, type TiktokCheckpoint } from "./comments";
import { type PublishOptions, publishVideo } from "./publish";
import { type TiktokUser, USER_FIELDS, userProfile } from "./user";

export type TiktokDriverOptions = {
  provider: ProviderDefinition;
  steps: OAuthSteps;
  keeper: TokenKeeper;
  apiFor: (account: StoredAccount) => TiktokApi;
  account: StoredAccount | null;
  checkpoints: CheckpointStore<TiktokCheckpoint>;
  publishing: Omit<PublishOptions, "api">;
};

type VideoList = {
  videos?: { id: string; title?: string; video_description?: string; create_time?: number }[];
};

export function tiktokDriver(o: TiktokDriverOptions): NetworkDriver {
  const accountOf = (account: StoredAccount | null | undefined): StoredAccount => {
    const as = account ?? o.account;
    if (!as) throw new PostUnavailable("tiktok is read with a linked account, and none was given");
    return as;
  };

  /** Whether the account's grant has the scope the action's list needs (none needed: yes). */
  const canRead = async (account: StoredAccount, kind: string): Promise<boolean> => {
    const needs = actionCapabilityOf(o.provider, kind).requires_scope;
    if (!needs) return true;
    const granted = (await o.keeper.stored(account))?.scope ?? "";
    return granted.split(/[,\s]+/).includes(needs);
  };

  const readEntries = async (request: EntriesRequest): Promise<EntriesLoad> => {
    if (!request.post_id) return { entrants: [], lists: [] };
    const account = accountOf(request.account);
    if (!(await canRead(account, "comment"))) {
      throw new ListUnreadable(
        "comment",
        `tiktok account ${account.external_id} has no comment.list grant (not a business account)`,
      );
    }
    return loadVideoComments(
      o.apiFor(account),
      request,
      { id: account.external_id, videoId: request.post_id },
      o.checkpoints,
    );
  };

  return {
    async linkAccount() {
      throw new NetworkUnavailable("tiktok links by OAuth (connect), not by the link form");
    },
    async refreshAccount(account) {
      const data = await o.apiFor(account).v2<{ user?: TiktokUser }>("GET", "user/info/", {
        fields: USER_FIELDS,
      });
      if (!data.user?.open_id) throw new NetworkUnavailable("tiktok user/info: no user");
      return userProfile(data.user);
    },
    async requestReconnect() {},

    async publish(request) {
      const external = await publishVideo({ ...o.publishing, api: o.apiFor(request.account) }, request);
      return { external_post_id: external };
    },

    async reply() {
      // Neither Login Kit nor the Content Posting API can comment on a video.
      throw new PostUnavailable("tiktok has no API to answer a video: reminders and winners are not posted");
    },

    async sendPrivateMessage() {
      throw new MessageRefused(
        `${o.provider.name} private messages are ${privateMessageMode(o.provider)}: TikTok has no API for them`,
      );
    },

    loadEntries: readEntries,

    async fetchProfile(_provider, externalId) {
      // TikTok reads no other user's profile for an application (user/info is the token's own user).
      return {
        external_id: externalId,
        screen_name: externalId,
        name: externalId,
        profile_url: null,
        account_created_at: null,
        followers: 0,
        following: 0,
        posts: 0,
      };
    },

    async resolvePost({ post_id, account }) {
      const as = accountOf(account);
      const data = await o
        .apiFor(as)
        .v2<VideoList>(
          "POST",
          "video/query/",
          { fields: "id,title,video_description,create_time" },
          { filters: { video_ids: [post_id] } },
        );
      const video = data.videos?.find((v) => v.id === post_id);
      // TikTok answers an empty list for a deleted video, or one that is not this account's.
      if (!video) throw new PostUnavailable(`tiktok video ${post_id} not found among the account's videos`);
      return {
        post_id: video.id,
        author_id: as.external_id,
        author_screen_name: as.screen_name,
        text: video.video_description ?? video.title ?? "",
        published_at: video.create_time ? new Date(video.create_time * 1000).toISOString() : null,
      };
    },

    async unlink(account) {
      const tokens = await o.keeper.stored(account);
      const token = tokens?.refresh_token ?? tokens?.access_token;
      if (token) await o.steps.revoke(token);
    },
  };
}
