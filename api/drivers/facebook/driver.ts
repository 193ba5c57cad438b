/**
 * Facebook Pages through the Graph API (docs/decisions/031-facebook-pages-and-meta.md):
 * - Every call is made as the Page, with the Page's token, asked for with the login's long-lived user token
 *   (sealed on the account's row) and kept for the driver's life. A token the network refuses (190) puts the
 *   account in the reconnect state and tells its owner.
 * - Publishing: the Page's post (`/{page}/feed`), its photos uploaded unpublished first (`/{page}/photos`) and
 *   attached; reminders, closing and winners are comments on it. Asked again (the scheduler after a restart), a
 *   post or comment of the Page with the very same text is answered rather than made twice.
 * - Winners by private reply, as the definition's capabilities say (reply_to_comment within window_days): one
 *   message to the winner's latest comment of the window (`/{page}/messages`, recipient.comment_id).
 * - Entries: ./entries.ts. Profiles: what the network says of a person (id, name).
 */
import { privateMessageMode, privateMessageWindowDays } from "../../../engine/provider";
import type { ProviderDefinition } from "../../catalog";
import { AccountNeedsReconnect, MessageRefused, NetworkUnavailable, PostUnavailable } from "../errors";
import { PermissionMissing } from "../shared/meta-graph";
import type { CheckpointStore, MediaReader } from "../shared/stores";
import type { TokenKeeper } from "../shared/tokens";
import type {
  EntriesLoad,
  EntriesRequest,
  NetworkDriver,
  NetworkEvent,
  OAuthSteps,
  PrivateMessageRequest,
  PublishRequest,
  ReplyRequest,
  StoredAccount,
} from "../types";
import { emptyCheckpoint, type FacebookCheckpoint, loadPostEntries } from "./entries";
import type { GraphClient } from "./graph";
import { type GraphPage, pageProfile } from "./page";

export type FacebookDriverOptions = {
  provider: ProviderDefinition;
  steps: OAuthSteps;
  keeper: TokenKeeper;
  graph: (account: StoredAccount) => GraphClient;
  account: StoredAccount | null;
  media: MediaReader;
  checkpoints: CheckpointStore<FacebookCheckpoint>;
  events: (postId: string) => Promise<NetworkEvent[]>;
  /** Tells the owner the user token's access ends soon (it cannot be refreshed): ../../services/access-ending.ts. */
  accessEnding: (account: StoredAccount, endsAt: string) => Promise<unknown>;
  now: () => number;
};

type Paged<T> = { data?: T[] };
type Made = { id?: string; post_id?: string };

const DAY_MS = 86_400_000;

/** A post id as the Graph API knows it: `{page}_{post}`; a bare number of a Page's link is the Page's post. */
export function graphPostId(postId: string, pageId: string | null): string {
  if (postId.includes("_") || postId.startsWith("pfbid") || !pageId) return postId;
  return `${pageId}_${postId}`;
}

export function facebookDriver(o: FacebookDriverOptions): NetworkDriver {
  const pageTokens = new Map<string, { user: string; page: string }>();
  const expiryChecked = new Set<string>();

  const pageOf = (account: StoredAccount | null | undefined): StoredAccount => {
    const as = account ?? o.account;
    if (!as) throw new PostUnavailable("facebook is read with a linked Page, and none was given");
    return as;
  };

  /** Runs a call as the Page; a refused token (190) puts the account in the reconnect state. */
  const asPage = async <T>(
    account: StoredAccount,
    call: (graph: GraphClient, token: string) => Promise<T>,
  ) => {
    const graph = o.graph(account);
    try {
      const user = await o.keeper.accessToken(account);
      if (!expiryChecked.has(account.external_id)) {
        expiryChecked.add(account.external_id);
        const endsAt = (await o.keeper.stored(account))?.expires_at;
        if (endsAt) await o.accessEnding(account, endsAt);
      }
      let cached = pageTokens.get(account.external_id);
      if (!cached || cached.user !== user) {
        const got = await graph.get<{ access_token?: string }>(
          "page token",
          account.external_id,
          { fields: "access_token" },
          user,
        );
        if (!got.access_token)
          throw new PermissionMissing(`facebook page ${account.external_id}: no page token`);
        cached = { user, page: got.access_token };
        pageTokens.set(account.external_id, cached);
      }
      return await call(graph, cached.page);
    } catch (err) {
      if (err instanceof AccountNeedsReconnect && !(err instanceof PermissionMissing)) {
        pageTokens.delete(account.external_id);
        await o.keeper.row.revoked(account);
      }
      throw err;
    }
  };

  const readEntries = async (request: EntriesRequest): Promise<EntriesLoad> => {
    if (!request.post_id) return { entrants: [], lists: [] };
    const page = pageOf(request.account);
    const postId = graphPostId(request.post_id, page.external_id);
    return asPage(page, (graph, token) =>
      loadPostEntries({
        graph,
        token,
        page_id: page.external_id,
        post_id: postId,
        request,
        store: o.checkpoints,
        events: () => o.events(postId),
      }),
    );
  };

  return {
    async linkAccount() {
      throw new NetworkUnavailable("facebook links by OAuth (connect), not by the link form");
    },
    refreshAccount: (account) =>
      asPage(account, async (graph, token) =>
        pageProfile(
          await graph.get<GraphPage>("page", account.external_id, { fields: "id,name,username,link" }, token),
        ),
      ),
    async requestReconnect() {},

    publish: (request: PublishRequest) =>
      asPage(request.account, async (graph, token) => {
        const page = request.account.external_id;
        const recent = await graph.get<Paged<{ id: string; message?: string }>>(
          "page feed",
          `${page}/feed`,
          { fields: "id,message", limit: 25 },
          token,
        );
        const before = (recent.data ?? []).find((p) => p.message === request.text);
        if (before) return { external_post_id: before.id };
        const photos: string[] = [];
        for (const id of request.media) {
          const file = await o.media.read(id);
          // Photos only (capabilities.publishing.video is false): a video upload is not sent.
          if (!file?.mime.startsWith("image/")) continue;
          const form = new FormData();
          form.set("published", "false");
          form.set("source", new Blob([new Uint8Array(file.bytes)], { type: file.mime }), "photo");
          const made = await graph.post<Made>("page photo", `${page}/photos`, form, token);
          if (made.id) photos.push(made.id);
        }
        const made = await graph.post<Made>(
          "page post",
          `${page}/feed`,
          {
            message: request.text,
            ...(photos.length > 0 ? { attached_media: photos.map((media_fbid) => ({ media_fbid })) } : {}),
          },
          token,
        );
        if (!made.id) throw new NetworkUnavailable("facebook page post answered no id");
        // The Page's feed webhook brings the post's comments as they come (Meta sends a Page's events only once it
        // subscribed the app). Without the permission, polling alone reads them.
        await graph
          .post("subscribe feed", `${page}/subscribed_apps`, { subscribed_fields: "feed" }, token)
          .catch((err: unknown) => {
            if (!(err instanceof PermissionMissing)) throw err;
          });
        return { external_post_id: made.id };
      }),

    reply: (request: ReplyRequest) =>
      asPage(request.account, async (graph, token) => {
        const post = graphPostId(request.in_reply_to, request.account.external_id);
        const recent = await graph.get<Paged<{ id: string; from?: { id?: string }; message?: string }>>(
          "post comments",
          `${post}/comments`,
          { fields: "id,from,message", filter: "toplevel", order: "reverse_chronological", limit: 100 },
          token,
        );
        const before = (recent.data ?? []).find(
          (c) => c.from?.id === request.account.external_id && c.message === request.text,
        );
        if (before) return { external_post_id: before.id };
        const made = await graph.post<Made>("comment", `${post}/comments`, { message: request.text }, token);
        if (!made.id) throw new NetworkUnavailable("facebook comment answered no id");
        return { external_post_id: made.id };
      }),

    async sendPrivateMessage(request: PrivateMessageRequest) {
      const mode = privateMessageMode(o.provider);
      const days = privateMessageWindowDays(o.provider);
      if (mode !== "reply_to_comment" || days === null) {
        throw new MessageRefused(
          `${o.provider.name} says private messages are ${mode}: facebook sends private replies only`,
        );
      }
      const cp = (await o.checkpoints.load(request.contest_id, request.source_id)) ?? emptyCheckpoint("");
      const key = `${request.kind}:${request.key}`;
      const sent = cp.private_replies?.[key];
      if (sent) return { external_message_id: sent };
      const since = new Date(o.now() - days * DAY_MS).toISOString();
      const comment = cp.entrants
        .find((e) => e.external_id === request.recipient.external_id)
        ?.comments.filter((c) => c.at >= since)
        .sort((a, b) => (a.at < b.at ? 1 : -1))[0];
      if (!comment) {
        throw new MessageRefused(`facebook private reply: no comment of the winner within ${days} days`);
      }
      const made = await asPage(request.account, (graph, token) =>
        graph.post<{ message_id?: string }>(
          "private reply",
          `${request.account.external_id}/messages`,
          { recipient: { comment_id: comment.id }, message: { text: request.text } },
          token,
        ),
      );
      if (!made.message_id) throw new NetworkUnavailable("facebook private reply answered no message id");
      cp.private_replies = { ...cp.private_replies, [key]: made.message_id };
      await o.checkpoints.save(request.contest_id, request.source_id, cp);
      return { external_message_id: made.message_id };
    },

    loadEntries: readEntries,

    async fetchProfile(_provider, externalId) {
      const got = await asPage(pageOf(null), (graph, token) =>
        graph.get<{ id: string; name?: string }>("profile", externalId, { fields: "id,name" }, token),
      );
      return {
        external_id: got.id,
        screen_name: got.name ?? got.id,
        name: got.name ?? got.id,
        profile_url: `https://www.facebook.com/${got.id}`,
        account_created_at: null,
        followers: 0,
        following: 0,
        posts: 0,
      };
    },

    async resolvePost({ post_id, account }) {
      const page = pageOf(account);
      const id = graphPostId(post_id, page.external_id);
      try {
        const post = await asPage(page, (graph, token) =>
          graph.get<{
            id: string;
            message?: string;
            created_time?: string;
            from?: { id?: string; name?: string };
          }>("post", id, { fields: "id,message,created_time,from" }, token),
        );
        return {
          post_id: post.id,
          author_id: post.from?.id ?? page.external_id,
          author_screen_name: post.from?.name ?? null,
          text: post.message ?? "",
          published_at: post.created_time ? new Date(post.created_time).toISOString() : null,
        };
      } catch (err) {
        // Another Page's post the linked Page may not read is a post that cannot be read.
        if (err instanceof PermissionMissing) throw new PostUnavailable(`facebook post ${id}: not readable`);
        throw err;
      }
    },
    // The grant covers every Page of the login: unlinking one Page does not revoke it (the others keep working).
  };
}
