/**
 * X through its API v2 (docs/decisions/034-x.md):
 * - Publications: the main post (POST /2/tweets), reminders, closing and winners as replies or quotes of it, or a
 *   repost (POST /2/users/:id/retweets); winning-moment replies. A publication asked again (the scheduler after a
 *   restart) is looked for first among the account's latest posts by its text and the post it answers, so it is
 *   never made twice. X refuses a text the account posted before ("duplicate content"): PostRefused, recorded
 *   and not retried (the builder asks {NAME} of the texts sent once per entrant, so only equal names meet it). Images go with it (POST /2/media/upload, one shot); a video is refused
 *   (MediaUnsupported: its chunked upload is not built, capabilities say video false).
 * - Private messages to winners: POST /2/dm_conversations/with/:id/messages, after a look at the conversation's
 *   latest messages (a message asked again is not sent twice); a 403 (the winner does not take messages from the
 *   account) is MessageRefused, recorded and not retried.
 * - Entries: ./entries.ts. Profiles: GET /2/users/:id.
 * - X's reads are billed: quotaState says the calls of the UTC day (the network_quota ledger).
 */
import { privateMessageMode } from "../../../engine/provider";
import type { ProviderDefinition } from "../../catalog";
import { MessageRefused, NetworkUnavailable, PostRefused, PostUnavailable } from "../errors";
import type { CheckpointStore, MediaReader, QuotaLedger } from "../shared/stores";
import type { TokenKeeper } from "../shared/tokens";
import type {
  NetworkDriver,
  OAuthSteps,
  PrivateMessageRequest,
  PublishRequest,
  QuotaState,
  ReplyRequest,
  StoredAccount,
} from "../types";
import { missing, type XApi, XForbidden, type XProblem } from "./api";
import { loadPostEntries, type XCheckpoint, type XTweet } from "./entries";
import { expectedReads, utcDay, utcDayEnd } from "./usage";
import { USER_FIELDS, userEntrantProfile, userProfile, type XUser } from "./user";

export type XDriverOptions = {
  provider: ProviderDefinition;
  steps: OAuthSteps;
  keeper: TokenKeeper;
  /** The API as the given account (its tokens). */
  apiFor: (account: StoredAccount) => XApi;
  /** The account this driver was asked for: what reads without an account of their own go through. */
  account: StoredAccount | null;
  ledger: QuotaLedger;
  /** Whose calls the ledger counts (a hash of the client id). */
  project: string;
  checkpoints: CheckpointStore<XCheckpoint>;
  /** The uploads a publication carries (api/services/uploads.ts), read to be sent to X. */
  media: MediaReader;
  now: () => number;
};

/**
 * A dark (promoted-only) post asked of an X account: it needs the Ads API, which the app does not reach
 * (capabilities.publishing.dark_posts "unsupported", said in the builder). Refused rather than published in
 * public: the job fails and says why (api/scheduler/run.ts keeps lastError).
 */
export class DarkPostUnsupported extends NetworkUnavailable {
  constructor() {
    super("x: dark (promoted-only) posts need the Ads API, which the app does not use");
  }
}

/**
 * A medium X cannot take from the app: a video (its chunked upload is not built: capabilities.publishing.video is
 * false) or an upload that is gone. Refused rather than published without it.
 */
export class MediaUnsupported extends NetworkUnavailable {}

/** What a post answers: "replied_to:<id>", "quoted:<id>", or null for a post of its own. */
type Answers = `replied_to:${string}` | `quoted:${string}` | null;

function answered(t: XTweet): Answers {
  const ref = t.referenced_tweets?.find((r) => r.type === "replied_to" || r.type === "quoted");
  return ref ? (`${ref.type as "replied_to" | "quoted"}:${ref.id}` as const) : null;
}

/** X may show a reply's text with the handles it answers before it (@brand @fan Thanks!). */
function sameText(shown: string, asked: string): boolean {
  return shown === asked || shown.replace(/^(@\w{1,15}\s+)+/, "") === asked;
}

type PostAnswer = { data?: XTweet; includes?: { users?: XUser[] }; errors?: XProblem[] };

export function xDriver(o: XDriverOptions): NetworkDriver {
  const apiOf = (account: StoredAccount | null | undefined): XApi => {
    const as = account ?? o.account;
    if (!as) throw new PostUnavailable("x is read with a linked account, and none was given");
    return o.apiFor(as);
  };

  /**
   * A post of ours with this text answering this post (replied to or quoted; none for a main post) among the
   * account's latest: a publication asked again whose answer was lost. The text alone is not enough: the winning
   * moments' replies may share one text, and each answers its own entrant.
   */
  const madeBefore = async (api: XApi, account: StoredAccount, text: string, answers: Answers) => {
    const latest = await api.get<{ data?: XTweet[] }>(`/users/${account.external_id}/tweets`, {
      max_results: 20,
      "tweet.fields": "referenced_tweets",
    });
    return latest.data?.find((t) => sameText(t.text, text) && answered(t) === answers)?.id ?? null;
  };
  /** The publication's images, each uploaded once (one-shot POST /2/media/upload): their media ids, in order. */
  const uploadAll = async (api: XApi, uploads: readonly string[]): Promise<string[]> => {
    const ids: string[] = [];
    for (const id of uploads) {
      const file = await o.media.read(id);
      if (!file) throw new MediaUnsupported(`x: upload ${id} is gone`);
      if (!file.mime.startsWith("image/")) {
        throw new MediaUnsupported(
          `x: ${file.mime} is not sent (only images: the video upload is not built)`,
        );
      }
      const got = await api.post<{ data?: { id: string } }>("/media/upload", {
        media: Buffer.from(file.bytes).toString("base64"),
        media_category: file.mime === "image/gif" ? "tweet_gif" : "tweet_image",
      });
      if (!got.data) throw new NetworkUnavailable("x media upload answered no media");
      ids.push(got.data.id);
    }
    return ids;
  };

  /** Creates a post with its images, or answers the one made before with the same text and the same target. */
  const create = async (api: XApi, request: PublishRequest, answers: Answers) => {
    if (request.dark && o.provider.capabilities?.publishing.dark_posts !== "supported") {
      throw new DarkPostUnsupported();
    }
    const before = await madeBefore(api, request.account, request.text, answers);
    if (before) return { external_post_id: before };
    const mediaIds = await uploadAll(api, request.media);
    try {
      const made = await api.post<{ data?: { id: string } }>("/tweets", {
        text: request.text,
        ...(answers?.startsWith("replied_to:") ? { reply: { in_reply_to_tweet_id: answers.slice(11) } } : {}),
        ...(answers?.startsWith("quoted:") ? { quote_tweet_id: answers.slice(7) } : {}),
        ...(mediaIds.length > 0 ? { media: { media_ids: mediaIds } } : {}),
      });
      if (!made.data) throw new NetworkUnavailable("x createTweet answered no post");
      return { external_post_id: made.data.id };
    } catch (err) {
      if (err instanceof XForbidden && /deleted|not visible/i.test(err.detail)) {
        throw new PostUnavailable(`x createTweet: ${err.detail}`);
      }
      // The same text posted before by this account (two entrants of the same name): X never takes it.
      if (err instanceof XForbidden && /duplicate content/i.test(err.detail)) {
        throw new PostRefused(`x createTweet: ${err.detail}`);
      }
      throw err;
    }
  };

  return {
    async linkAccount() {
      // OAuth networks link through the connect flow (api/routes/account-connect.ts), never by this call.
      throw new NetworkUnavailable("x links by OAuth (connect), not by the link form");
    },
    async refreshAccount(account) {
      const got = await apiOf(account).get<{ data?: XUser }>("/users/me", { "user.fields": USER_FIELDS });
      if (!got.data) throw new NetworkUnavailable(`x account ${account.external_id} not found`);
      return userProfile(got.data);
    },
    async requestReconnect() {},

    async publish(request) {
      return create(apiOf(request.account), request, null);
    },

    async reply(request: ReplyRequest) {
      const api = apiOf(request.account);
      if (request.mode === "repost" || request.mode === "retweet") {
        // X keeps one repost per account and post: asked again, it answers retweeted as before.
        const got = await api.post<{ data?: { retweeted?: boolean }; errors?: XProblem[] }>(
          `/users/${request.account.external_id}/retweets`,
          { tweet_id: request.in_reply_to },
        );
        if (!got.data?.retweeted) {
          throw new PostUnavailable(`x repost: ${missing(got.errors)?.detail ?? "not reposted"}`);
        }
        return { external_post_id: request.in_reply_to };
      }
      return create(
        api,
        request,
        `${request.mode === "quote" ? "quoted" : "replied_to"}:${request.in_reply_to}`,
      );
    },

    async sendPrivateMessage(request: PrivateMessageRequest) {
      const mode = privateMessageMode(o.provider);
      if (mode !== "direct") {
        throw new MessageRefused(`${o.provider.name} says private messages are ${mode}`);
      }
      const api = apiOf(request.account);
      const path = `/dm_conversations/with/${request.recipient.external_id}`;
      // Sent already (the job ran again): the conversation's latest messages say so.
      const recent = await api.get<{ data?: { id: string; text?: string; sender_id?: string }[] }>(
        `${path}/dm_events`,
        { max_results: 50, event_types: "MessageCreate", "dm_event.fields": "id,text,sender_id" },
      );
      const before = recent.data?.find(
        (m) => m.sender_id === request.account.external_id && m.text === request.text,
      );
      if (before) return { external_message_id: before.id };
      try {
        const sent = await api.post<{ data?: { dm_event_id: string } }>(`${path}/messages`, {
          text: request.text,
        });
        if (!sent.data) throw new NetworkUnavailable("x message answered no event");
        return { external_message_id: sent.data.dm_event_id };
      } catch (err) {
        if (err instanceof XForbidden) throw new MessageRefused(`x message: ${err.detail}`);
        throw err;
      }
    },

    async loadEntries(request) {
      if (!request.post_id) return { entrants: [], lists: [] };
      return loadPostEntries(apiOf(request.account), request, request.post_id, o.checkpoints);
    },

    async fetchProfile(_provider, externalId) {
      const got = await apiOf(null).get<{ data?: XUser; errors?: XProblem[] }>(`/users/${externalId}`, {
        "user.fields": USER_FIELDS,
      });
      if (!got.data) throw new PostUnavailable(`x user ${externalId} not found`);
      return userEntrantProfile(got.data);
    },

    async resolvePost({ post_id, account }) {
      const got = await apiOf(account).get<PostAnswer>(`/tweets/${post_id}`, {
        "tweet.fields": "author_id,created_at",
        expansions: "author_id",
        "user.fields": "username",
      });
      if (!got.data) {
        throw new PostUnavailable(`x post ${post_id}: ${missing(got.errors)?.detail ?? "not found"}`);
      }
      const author = got.includes?.users?.find((u) => u.id === got.data?.author_id);
      return {
        post_id: got.data.id,
        author_id: got.data.author_id ?? "",
        author_screen_name: author?.username ?? null,
        text: got.data.text,
        published_at: got.data.created_at ?? null,
      };
    },

    async quotaState(): Promise<QuotaState> {
      const now = o.now();
      return {
        unit: "calls",
        used: await o.ledger.spent(o.project, utcDay(now)),
        limit: null,
        resets_at: new Date(utcDayEnd(now)).toISOString(),
        paused: false,
      };
    },

    expectedCost() {
      const first = expectedReads({ comments: 1_000, quotes: 0, reposts: 0, likes: 0, loads: 1 });
      return {
        unit: "calls" as const,
        first_load_per_1000_entrants: first.calls,
        // A load that finds nothing new: the post, and an empty search since the newest reply.
        later_load: 2,
        // The look for the same text among the latest posts, then the post.
        publication: 2,
        reads_per_1000_entrants: { posts: first.posts, users: first.users },
      };
    },

    async unlink(account: StoredAccount) {
      const tokens = await o.keeper.stored(account);
      const token = tokens?.refresh_token ?? tokens?.access_token;
      if (token) await o.steps.revoke(token);
    },
  };
}
