/**
 * YouTube through the Data API v3 (docs/decisions/028-oauth-networks-and-youtube.md):
 * - The API cannot make a video post: the contest's main publication is a top-level comment (commentThreads.insert)
 *   on the channel's latest upload, its id written `{videoId}/{threadId}`; reminders, closing and winners
 *   publications answer it (comments.insert parentId). Media cannot go in a comment: they are not sent.
 * - A publication asked again (the scheduler after a restart) is found first among the video's newest threads, or
 *   the thread's replies, by our channel and text (1 unit) rather than made twice (50 units).
 * - Private messages as the definition's capabilities say: YouTube's are `none`, so sendPrivateMessage is refused
 *   as data (MessageRefused) and winners are answered by the winners publication. The Data API has no message
 *   call, so a definition that claimed another mode is refused too, saying so.
 * - Entries: ./entries.ts (incremental, resumable). Profiles: channels.list.
 */
import { privateMessageMode } from "../../../engine/provider";
import type { ProviderDefinition } from "../../catalog";
import type { OAuthClientConfig } from "../../env";
import { MessageRefused, NetworkUnavailable, PostUnavailable } from "../errors";
import type { CheckpointStore, QuotaLedger } from "../shared/stores";
import type { TokenKeeper } from "../shared/tokens";
import type {
  AccountProfile,
  EntriesLoad,
  EntriesRequest,
  NetworkDriver,
  OAuthSteps,
  PublishRequest,
  QuotaState,
  ReplyRequest,
  StoredAccount,
} from "../types";
import type { YoutubeApi } from "./api";
import { type ChannelList, channelEntrantProfile, channelProfile } from "./channel";
import { loadVideoEntries, type YoutubeCheckpoint } from "./entries";
import { DAILY_QUOTA, expectedUnits, QUOTA_COST, quotaDay, quotaResetAt } from "./quota";

export type YoutubeDriverOptions = {
  /** The network's definition: what it may do (capabilities). */
  provider: ProviderDefinition;
  config: OAuthClientConfig;
  steps: OAuthSteps;
  keeper: TokenKeeper;
  /** The API as the given account (its tokens). */
  apiFor: (account: StoredAccount) => YoutubeApi;
  /** The account this driver was asked for: what reads without an account of their own go through. */
  account: StoredAccount | null;
  ledger: QuotaLedger;
  project: string;
  checkpoints: CheckpointStore<YoutubeCheckpoint>;
  now: () => number;
};

type ThreadItem = {
  id: string;
  snippet?: {
    videoId?: string;
    topLevelComment?: { snippet?: { authorChannelId?: { value?: string }; textOriginal?: string } };
  };
};
type CommentItem = { id: string; snippet?: { authorChannelId?: { value?: string }; textOriginal?: string } };
type VideoList = {
  items?: {
    id: string;
    snippet?: {
      channelId?: string;
      channelTitle?: string;
      title?: string;
      description?: string;
      publishedAt?: string;
    };
  }[];
};
type PlaylistItems = { items?: { contentDetails?: { videoId?: string } }[] };

/** `{videoId}/{threadId}` for a publication; a bare video id for a quick import. */
export function splitPostId(postId: string): { video: string; thread: string | null } {
  const [video, thread] = postId.split("/");
  return { video: video as string, thread: thread ?? null };
}

export function youtubeDriver(o: YoutubeDriverOptions): NetworkDriver {
  /** Every call is made as a linked channel: the request's, else the driver's. */
  const apiOf = (account: StoredAccount | null | undefined): YoutubeApi => {
    const as = account ?? o.account;
    if (!as) throw new PostUnavailable("youtube is read with a linked channel, and none was given");
    return o.apiFor(as);
  };
  const mine = async (account: StoredAccount): Promise<AccountProfile> => {
    const list = await apiOf(account).call<ChannelList>("channels.list", "channels", {
      part: "snippet,statistics",
      id: account.external_id,
      maxResults: 1,
    });
    const item = list.items?.[0];
    if (!item) throw new NetworkUnavailable(`youtube channel ${account.external_id} not found`);
    return channelProfile(item);
  };

  /** The channel's latest upload: the video the contest's comment goes under. */
  const latestUpload = async (api: YoutubeApi, channel: string): Promise<string> => {
    const list = await api.call<
      ChannelList & { items?: { contentDetails?: { relatedPlaylists?: { uploads?: string } } }[] }
    >("channels.list", "channels", { part: "contentDetails", id: channel, maxResults: 1 });
    const uploads = list.items?.[0]?.contentDetails?.relatedPlaylists?.uploads;
    if (!uploads) throw new PostUnavailable(`youtube channel ${channel} has no uploads playlist`);
    const items = await api.call<PlaylistItems>("playlistItems.list", "playlistItems", {
      part: "contentDetails",
      playlistId: uploads,
      maxResults: 1,
    });
    const video = items.items?.[0]?.contentDetails?.videoId;
    if (!video) throw new PostUnavailable(`youtube channel ${channel} has no video to comment on`);
    return video;
  };

  const readEntries = async (request: EntriesRequest): Promise<EntriesLoad> => {
    if (!request.post_id) return { entrants: [], lists: [] };
    const api = apiOf(request.account);
    return loadVideoEntries(api, request, splitPostId(request.post_id).video, o.checkpoints);
  };

  return {
    async linkAccount() {
      // OAuth networks link through the connect flow (api/routes/account-connect.ts), never by this call.
      throw new NetworkUnavailable("youtube links by OAuth (connect), not by the link form");
    },
    refreshAccount: mine,
    async requestReconnect() {},

    async publish(request: PublishRequest) {
      const api = apiOf(request.account);
      const video = await latestUpload(api, request.account.external_id);
      const recent = await api.call<{ items?: ThreadItem[] }>("commentThreads.list", "commentThreads", {
        part: "snippet",
        videoId: video,
        order: "time",
        maxResults: 100,
        textFormat: "plainText",
      });
      const before = (recent.items ?? []).find(
        (t) =>
          t.snippet?.topLevelComment?.snippet?.authorChannelId?.value === request.account.external_id &&
          t.snippet?.topLevelComment?.snippet?.textOriginal === request.text,
      );
      if (before) return { external_post_id: `${video}/${before.id}` };
      const made = await api.call<ThreadItem>(
        "commentThreads.insert",
        "commentThreads",
        { part: "snippet" },
        { snippet: { videoId: video, topLevelComment: { snippet: { textOriginal: request.text } } } },
      );
      return { external_post_id: `${video}/${made.id}` };
    },

    async reply(request: ReplyRequest) {
      const api = apiOf(request.account);
      const { video, thread } = splitPostId(request.in_reply_to);
      if (!thread) {
        // Answering a video itself (a quick import's post): a new top-level comment on it.
        const made = await api.call<ThreadItem>(
          "commentThreads.insert",
          "commentThreads",
          { part: "snippet" },
          { snippet: { videoId: video, topLevelComment: { snippet: { textOriginal: request.text } } } },
        );
        return { external_post_id: `${video}/${made.id}` };
      }
      const replies = await api.call<{ items?: CommentItem[] }>("comments.list", "comments", {
        part: "snippet",
        parentId: thread,
        maxResults: 100,
        textFormat: "plainText",
      });
      const before = (replies.items ?? []).find(
        (c) =>
          c.snippet?.authorChannelId?.value === request.account.external_id &&
          c.snippet?.textOriginal === request.text,
      );
      if (before) return { external_post_id: `${video}/${before.id}` };
      const made = await api.call<CommentItem>(
        "comments.insert",
        "comments",
        { part: "snippet" },
        { snippet: { parentId: thread, textOriginal: request.text } },
      );
      return { external_post_id: `${video}/${made.id}` };
    },

    async sendPrivateMessage() {
      const mode = privateMessageMode(o.provider);
      throw new MessageRefused(
        mode === "none"
          ? `${o.provider.name} has no private messages: winners are answered by the winners publication`
          : `${o.provider.name} says private messages are ${mode}, but the YouTube Data API has no call to send one`,
      );
    },

    loadEntries: readEntries,

    async fetchProfile(_provider, externalId) {
      const list = await apiOf(null).call<ChannelList>("channels.list", "channels", {
        part: "snippet,statistics",
        id: externalId,
        maxResults: 1,
      });
      const item = list.items?.[0];
      if (!item) throw new PostUnavailable(`youtube channel ${externalId} not found`);
      return channelEntrantProfile(item);
    },

    async resolvePost({ post_id, account }) {
      const { video } = splitPostId(post_id);
      const list = await apiOf(account).call<VideoList>("videos.list", "videos", {
        part: "snippet",
        id: video,
      });
      const item = list.items?.[0];
      if (!item) throw new PostUnavailable(`youtube video ${video} does not exist or cannot be read`);
      return {
        post_id: video,
        author_id: item.snippet?.channelId ?? "",
        author_screen_name: item.snippet?.channelTitle ?? null,
        text: item.snippet?.title ?? "",
        published_at: item.snippet?.publishedAt ?? null,
      };
    },

    async quotaState(): Promise<QuotaState> {
      const now = o.now();
      const day = quotaDay(now);
      const paused = await o.ledger.pausedUntil(o.project, day);
      return {
        unit: "quota_units",
        used: await o.ledger.spent(o.project, day),
        limit: DAILY_QUOTA,
        resets_at: new Date(quotaResetAt(now)).toISOString(),
        paused: paused !== null && Date.parse(paused) > now,
      };
    },

    expectedCost() {
      return {
        unit: "quota_units" as const,
        first_load_per_1000_entrants: expectedUnits({ entrants: 1_000, loads: 1, publications: 0 }).per_load,
        later_load: QUOTA_COST["commentThreads.list"],
        publication: QUOTA_COST["commentThreads.insert"],
      };
    },

    async unlink(account: StoredAccount) {
      const tokens = await o.keeper.stored(account);
      const token = tokens?.refresh_token ?? tokens?.access_token;
      if (token) await o.steps.revoke(token);
    },
  };
}
