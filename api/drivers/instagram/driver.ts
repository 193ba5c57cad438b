/**
 * Instagram through Meta's Graph API (docs/decisions/032-instagram.md): a professional account's posts by the
 * container flow (./publish.ts), reminders, closing and winners as comments on the post, entries from its comments
 * and replies (./entries.ts; pushed by the `comments` webhook, ./webhook.ts), winners by private reply to their
 * comment within the definition's window (capabilities.private_messages: 7 days), a quick import's shortcode
 * matched to a media id (./media.ts). What Instagram cannot read (likes, shares, followers) is declared
 * `unchecked` in schemas/providers/instagram.json, never guessed.
 */
import { privateMessageMode } from "../../../engine/provider";
import type { ProviderDefinition } from "../../catalog";
import { MessageRefused, NetworkUnavailable, PostUnavailable } from "../errors";
import type { GraphApi } from "../shared/graph-api";
import type { CheckpointStore } from "../shared/stores";
import type { TokenKeeper } from "../shared/tokens";
import type {
  EntrantProfile,
  EntriesLoad,
  EntriesRequest,
  NetworkDriver,
  NetworkEvent,
  OAuthSteps,
  PrivateMessageRequest,
  PublishRequest,
  QuotaState,
  ReplyRequest,
  StoredAccount,
} from "../types";
import { type InstagramCheckpoint, loadMediaEntries } from "./entries";
import { findMedia, isMediaId, resolvedOf } from "./media";
import { type PublicMedia, publishingLimit, publishPost } from "./publish";
import { INSTAGRAM_LOGIN, type LinkedWay } from "./ways";

export type InstagramDriverOptions = {
  provider: ProviderDefinition;
  steps: OAuthSteps;
  keeper: TokenKeeper;
  apiFor: (account: StoredAccount) => GraphApi;
  account: StoredAccount | null;
  checkpoints: CheckpointStore<InstagramCheckpoint>;
  /** The comments the webhook pushed for a media (network_events), in the order they happened. */
  events: (mediaId: string) => Promise<NetworkEvent[]>;
  /** The uploads at addresses Meta's servers can fetch (signed, expiring: api/services/public-media.ts). */
  publicMedia: (uploadIds: string[]) => Promise<PublicMedia[]>;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Where the account is read and private replies are sent from: Instagram Login's unless told (./ways.ts). */
  way?: LinkedWay;
};

/** What the definition says of publishing: the 24-hour cap when Meta does not answer one. */
function dailyCap(provider: ProviderDefinition): number {
  return provider.capabilities?.publishing?.daily_cap ?? 100;
}

/** The private replies' window in days (capabilities.private_messages.window_days). */
function windowDays(provider: ProviderDefinition): number | null {
  const pm = provider.capabilities?.private_messages as { window_days?: number } | undefined;
  return typeof pm?.window_days === "number" ? pm.window_days : null;
}

export function instagramDriver(o: InstagramDriverOptions): NetworkDriver {
  const way = o.way ?? INSTAGRAM_LOGIN;
  const apiOf = (account: StoredAccount | null | undefined): GraphApi => {
    const as = account ?? o.account;
    if (!as) throw new PostUnavailable("instagram is read with a linked account, and none was given");
    return o.apiFor(as);
  };
  const mediaIdOf = async (account: StoredAccount | null, postId: string) => {
    if (isMediaId(postId)) return postId;
    const as = account ?? o.account;
    if (!as) throw new PostUnavailable("instagram is read with a linked account, and none was given");
    return (await findMedia(apiOf(as), as.external_id, postId)).id;
  };

  const comment = async (account: StoredAccount, target: string, text: string) => {
    const api = apiOf(account);
    // Asked again: the comment made the first time, by our account with the same text.
    const recent = await api.get<{ data?: { id: string; text?: string; username?: string }[] }>(
      `${target}/comments`,
      { fields: "id,text,username", limit: 50 },
    );
    const before = (recent.data ?? []).find((c) => c.username === account.screen_name && c.text === text);
    if (before) return { external_post_id: before.id };
    const made = await api.post<{ id: string }>(`${target}/comments`, { message: text });
    return { external_post_id: made.id };
  };

  return {
    async linkAccount() {
      throw new NetworkUnavailable("instagram links by OAuth (connect), not by the link form");
    },
    refreshAccount: (account) => way.profile(apiOf(account), account),
    async requestReconnect() {},

    async publish(request: PublishRequest) {
      const external = await publishPost(apiOf(request.account), {
        userId: request.account.external_id,
        caption: request.text,
        media: await o.publicMedia(request.media),
        dailyCap: dailyCap(o.provider),
        sleep: o.sleep,
      });
      return { external_post_id: external };
    },

    async reply(request: ReplyRequest) {
      if (request.mode !== "comment" && request.mode !== "reply") {
        throw new NetworkUnavailable(`instagram has no ${request.mode}: only comments answer a post`);
      }
      const target = await mediaIdOf(request.account, request.in_reply_to);
      return comment(request.account, target, request.text);
    },

    async sendPrivateMessage(request: PrivateMessageRequest) {
      const mode = privateMessageMode(o.provider);
      if (mode !== "reply_to_comment") {
        throw new MessageRefused(`instagram private messages are ${mode} in its definition`);
      }
      // A private reply answers one of the winner's comments, made within the window.
      const cp = await o.checkpoints.load(request.contest_id, request.source_id);
      const entrant = cp?.entrants.find((e) => e.external_id === request.recipient.external_id);
      const days = windowDays(o.provider);
      const since = days === null ? "" : new Date(o.now() - days * 86_400_000).toISOString();
      const latest = [...(entrant?.comments ?? [])]
        .filter((c) => c.at >= since)
        .sort((a, b) => (a.at < b.at ? 1 : -1))[0];
      if (!latest) {
        throw new MessageRefused(
          `instagram private reply: no comment of the winner within the last ${days ?? "?"} days`,
        );
      }
      const sent = await apiOf(request.account).postJson<{ message_id?: string }>(
        way.messagesPath(request.account),
        { recipient: { comment_id: latest.id }, message: { text: request.text } },
      );
      if (!sent.message_id) throw new NetworkUnavailable("instagram private reply: no message id");
      return { external_message_id: sent.message_id };
    },

    async loadEntries(request: EntriesRequest): Promise<EntriesLoad> {
      if (!request.post_id) return { entrants: [], lists: [] };
      const media = await mediaIdOf(request.account, request.post_id);
      return loadMediaEntries(apiOf(request.account), request, media, o.checkpoints, () => o.events(media));
    },

    async fetchProfile(_provider, externalId): Promise<EntrantProfile> {
      // The API reads no other account's profile: nothing is said (profile_fields is empty in the definition).
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
      const as = account ?? o.account;
      if (!as) throw new PostUnavailable("instagram is read with a linked account, and none was given");
      return resolvedOf(await findMedia(apiOf(as), as.external_id, post_id), as.external_id);
    },

    async quotaState(account): Promise<QuotaState> {
      const as = account ?? o.account;
      if (!as) throw new PostUnavailable("instagram's publishing limit is read with a linked account");
      const limit = await publishingLimit(apiOf(as), as.external_id, dailyCap(o.provider));
      return {
        unit: "calls",
        used: limit.used,
        limit: limit.total,
        // A moving 24-hour window: Meta does not say when the oldest post leaves it.
        resets_at: null,
        paused: limit.used >= limit.total,
      };
    },

    async unlink(account: StoredAccount) {
      const tokens = await o.keeper.stored(account);
      if (tokens?.access_token) await o.steps.revoke(tokens.access_token);
    },
  };
}
