/**
 * Threads through its Graph API (docs/decisions/033-threads.md):
 * - Linking: ./oauth.ts (long-lived tokens refreshed before their 60 days).
 * - Publishing: ./publishing.ts (containers, then threads_publish; replies with reply_to_id for reminders,
 *   closing and winners; a quote with quote_post_id; a repost with /{id}/repost).
 * - Entries: ./entries.ts (replies, incremental with cursors, a last sweep at the close); pushed ones: ./webhook.ts.
 * - No private messages (capabilities `none`): sendPrivateMessage is refused as data (MessageRefused).
 * - Entrants are known by their handle only: likes, reposts and followers cannot be read (capabilities).
 */
import { privateMessageMode } from "../../../engine/provider";
import type { ProviderDefinition } from "../../catalog";
import { MessageRefused, NetworkUnavailable, PostUnavailable } from "../errors";
import type { GraphApi } from "../shared/graph-api";
import type { CheckpointStore } from "../shared/stores";
import type { TokenKeeper } from "../shared/tokens";
import type {
  AccountProfile,
  EntriesRequest,
  NetworkDriver,
  NetworkEvent,
  PublishRequest,
  ReplyRequest,
  StoredAccount,
} from "../types";
import { isoOf, loadPostEntries, type ThreadsCheckpoint } from "./entries";
import { mediaIdOf } from "./media";
import { PROFILE_FIELDS } from "./oauth";
import { type ThreadsProfile, threadsEntrantProfile, threadsProfile } from "./profile";
import { type ContainerWait, findMine, publishContainer } from "./publishing";

export type ThreadsDriverOptions = {
  provider: ProviderDefinition;
  keeper: TokenKeeper;
  apiFor: (account: StoredAccount) => GraphApi;
  account: StoredAccount | null;
  checkpoints: CheckpointStore<ThreadsCheckpoint>;
  /** The replies the webhook stored for a media id (merged in each load). */
  pushed: (mediaId: string) => Promise<NetworkEvent[]>;
  /** How long a container is waited for before publishing. */
  containerWait: ContainerWait;
  /** An uploaded medium's URL Meta can fetch (null: none can be served, the post goes as text). */
  mediaUrl: (uploadId: string) => Promise<string | null>;
  now: () => number;
};

type Media = { id: string; text?: string; timestamp?: string; username?: string; owner?: { id?: string } };

export function threadsDriver(o: ThreadsDriverOptions): NetworkDriver {
  const apiOf = (account: StoredAccount | null | undefined): GraphApi => {
    const as = account ?? o.account;
    if (!as) throw new PostUnavailable("threads is read with a linked account, and none was given");
    return o.apiFor(as);
  };
  const imageOf = async (media: readonly string[]) => {
    for (const id of media) {
      const url = await o.mediaUrl(id);
      // Threads takes one image a post outside carousels: the first one that can be served.
      if (url) return url;
    }
    return undefined;
  };

  return {
    async linkAccount() {
      throw new NetworkUnavailable("threads links by OAuth (connect), not by the link form");
    },
    async refreshAccount(account): Promise<AccountProfile> {
      return threadsProfile(await apiOf(account).get<ThreadsProfile>("me", { fields: PROFILE_FIELDS }));
    },
    async requestReconnect() {},

    async publish(request: PublishRequest) {
      const api = apiOf(request.account);
      const before = await findMine(api, request.text, null);
      if (before) return { external_post_id: before };
      const id = await publishContainer(
        api,
        { text: request.text, image_url: await imageOf(request.media) },
        o.containerWait,
      );
      return { external_post_id: id };
    },

    async reply(request: ReplyRequest) {
      const api = apiOf(request.account);
      const target = await mediaIdOf(api, request.in_reply_to);
      if (request.mode === "repost" || request.mode === "retweet") {
        const made = await api.post<{ id: string }>(`${target}/repost`);
        return { external_post_id: made.id };
      }
      const quote = request.mode === "quote";
      const before = await findMine(api, request.text, quote ? null : target);
      if (before) return { external_post_id: before };
      const id = await publishContainer(
        api,
        {
          text: request.text,
          image_url: await imageOf(request.media),
          ...(quote ? { quote_post_id: target } : { reply_to_id: target }),
        },
        o.containerWait,
      );
      return { external_post_id: id };
    },

    async sendPrivateMessage() {
      const mode = privateMessageMode(o.provider);
      throw new MessageRefused(
        mode === "none"
          ? `${o.provider.name} has no private messages: winners are answered by the winners publication`
          : `${o.provider.name} says private messages are ${mode}, but the Threads API has no call to send one`,
      );
    },

    async loadEntries(request: EntriesRequest) {
      if (!request.post_id) return { entrants: [], lists: [] };
      return loadPostEntries(apiOf(request.account), request, request.post_id, o.checkpoints, o.pushed);
    },

    async fetchProfile(_provider, externalId) {
      // Threads reads another user's profile only with profile discovery, which we do not ask: the handle.
      return threadsEntrantProfile(externalId);
    },

    async resolvePost({ post_id, account }) {
      const api = apiOf(account);
      const media = await mediaIdOf(api, post_id);
      const item = await api.get<Media>(media, { fields: "id,text,timestamp,username,owner" });
      return {
        // The link's id is kept (a shortcode names the post in its URL); the media id is found again by loads.
        post_id,
        author_id: item.owner?.id ?? "",
        author_screen_name: item.username ?? null,
        text: item.text ?? "",
        published_at: item.timestamp ? isoOf(item.timestamp) : null,
      };
    },
  };
}
