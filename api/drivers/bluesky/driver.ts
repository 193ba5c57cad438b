/**
 * The Bluesky driver (AT Protocol, XRPC over HTTPS, @atproto/api; decision 015): a real account of a team,
 * linked with its handle (or DID) and an app password, publishes, answers, reposts, quotes and sends private
 * messages, and the entries of a post are read from the service. One driver instance works for one account (the
 * publishing account, or for a quick import the team's account that reads), chosen by api/drivers/index.ts.
 *
 * - External ids: the builder keeps a publishing account as a number (publication.account_id), so an account's
 *   external_id is a number derived from its DID (accountNumber); the DID is kept on the row (meta.did). An
 *   entrant's external_id is its DID.
 * - Post ids are at:// URIs. A quick import names its post by the link's handle (or DID) and record key.
 * - Publishing is idempotent: the record key comes from the publication's key (record-key.ts); a second ask
 *   finds the record and answers its URI.
 */
import { type AtpAgent, type AtpSessionData, AtpAgent as Client, RichText } from "@atproto/api";
import { askedKinds, listedOf } from "../../../engine/lifecycle";
import type { ProviderDefinition } from "../../catalog";
import { MessageRefused, PostUnavailable } from "../errors";
import { type PoliteOptions, politeFetch } from "../shared/polite-fetch";
import type { SecretBox } from "../shared/secrets";
import type { MediaReader } from "../shared/stores";
import type {
  EntrantProfile,
  EntriesRequest,
  LinkRequest,
  NetworkDriver,
  PrivateMessageRequest,
  PublishRequest,
  ReplyRequest,
  StoredAccount,
} from "../types";
import {
  assertPostExists,
  type ProgressStore,
  parseUri,
  postUri,
  readEntrants,
  resolvePostUri,
} from "./entries";
import { accountProfile, entrantProfile, type ProfileLike } from "./profiles";
import { recordKeyOf } from "./record-key";
import {
  type AgentFactory,
  agentFor,
  asDriverError,
  type BlueskyCredentials,
  type CredentialStore,
  xrpcError,
} from "./session";

/** Where the chat service is reached through the account's PDS (the proxy header the client sets). */
export type { LoadCheckpoint, ProgressStore } from "./entries";
export { postUri } from "./entries";
export { accountNumber } from "./profiles";

export const CHAT_PROXY = { type: "bsky_chat", did: "did:web:api.bsky.chat" } as const;
const POST = "app.bsky.feed.post";
const REPOST = "app.bsky.feed.repost";
const MAX_IMAGES = 4;
/** app.bsky.embed.images takes images up to 1 MB. */
const MAX_IMAGE_BYTES = 1_000_000;

export type BlueskyOptions = {
  /** The network's definition (profile URLs come from its profile_url). */
  provider: ProviderDefinition;
  serviceUrl: string;
  box: SecretBox;
  store: CredentialStore;
  media: MediaReader;
  /** The account this driver works for (publishing, or reading for a quick import); null: link only. */
  account: StoredAccount | null;
  /** Where a load keeps its progress (resumed after a restart); none: a load starts from the first page. */
  progress?: ProgressStore;
  polite?: PoliteOptions;
};

/** What the link form gets wrong, as field problems (the route answers them as a 422). */
export class LinkRefused extends Error {
  constructor(
    readonly field: "identifier" | "app_password",
    readonly messageKey: string,
  ) {
    super(`bluesky link refused: ${messageKey}`);
  }
}

export function blueskyDriver(opts: BlueskyOptions): NetworkDriver {
  const fetch = politeFetch(opts.polite);
  const makeAgent: AgentFactory = (persist) =>
    new Client({
      service: opts.serviceUrl,
      fetch,
      ...(persist ? { persistSession: (_evt, session) => persist(session) } : {}),
    });
  const agents = new Map<string, Promise<AtpAgent>>();
  const agentOf = (account: StoredAccount | null): Promise<AtpAgent> => {
    const who = account ?? opts.account;
    if (!who) throw new Error("the bluesky driver needs an account");
    const key = who.id ?? who.external_id;
    let agent = agents.get(key);
    if (!agent) {
      agent = agentFor(makeAgent, opts.box, opts.store, who);
      agent.catch(() => agents.delete(key));
      agents.set(key, agent);
    }
    return agent;
  };
  const didOf = (agent: AtpAgent): string => {
    const did = agent.session?.did;
    if (!did) throw new Error("bluesky agent without a session");
    return did;
  };

  /** The record at that key, or null when there is none. */
  async function existingRecord(agent: AtpAgent, collection: string, rkey: string) {
    try {
      const got = await agent.com.atproto.repo.getRecord({ repo: didOf(agent), collection, rkey });
      return { uri: got.data.uri, cid: got.data.cid ?? "" };
    } catch (err) {
      const x = xrpcError(err);
      if (x && (x.error === "RecordNotFound" || x.status === 404 || x.error === "NotFound")) return null;
      throw asDriverError(err, "getRecord");
    }
  }

  async function createRecord(
    agent: AtpAgent,
    collection: string,
    rkey: string,
    record: Record<string, unknown>,
  ): Promise<string> {
    const before = await existingRecord(agent, collection, rkey);
    if (before) return before.uri;
    try {
      const made = await agent.com.atproto.repo.createRecord({
        repo: didOf(agent),
        collection,
        rkey,
        record,
      });
      return made.data.uri;
    } catch (err) {
      throw asDriverError(err, `createRecord ${collection}`);
    }
  }

  async function richText(agent: AtpAgent, text: string) {
    const rt = new RichText({ text });
    try {
      await rt.detectFacets(agent);
    } catch (err) {
      throw asDriverError(err, "resolveHandle");
    }
    return rt;
  }

  async function imagesEmbed(agent: AtpAgent, media: string[]) {
    const images: { alt: string; image: unknown }[] = [];
    for (const id of media.slice(0, MAX_IMAGES)) {
      const file = await opts.media.read(id);
      if (!file?.mime.startsWith("image/") || file.bytes.byteLength > MAX_IMAGE_BYTES) continue;
      try {
        const blob = await agent.uploadBlob(file.bytes, { encoding: file.mime });
        images.push({ alt: file.alt, image: blob.data.blob });
      } catch (err) {
        throw asDriverError(err, "uploadBlob");
      }
    }
    return images.length > 0 ? { $type: "app.bsky.embed.images", images } : undefined;
  }

  /**
   * The post answered, reposted or quoted: its URI and CID, and its thread's root. A quick import made before
   * imports kept an at:// URI names its post by record key alone: the answering account's own post.
   */
  async function target(agent: AtpAgent, postId: string) {
    const uri = postUri(postId, didOf(agent)) as string;
    try {
      const got = await agent.getPosts({ uris: [uri] });
      const post = got.data.posts[0];
      if (!post) throw new PostUnavailable(`bluesky post ${uri} not found`);
      const ref = { uri: post.uri, cid: post.cid };
      const reply = (post.record as { reply?: { root?: { uri: string; cid: string } } }).reply;
      return { ref, root: reply?.root ?? ref };
    } catch (err) {
      if (err instanceof PostUnavailable) throw err;
      const x = xrpcError(err);
      if (x && x.status === 400) throw new PostUnavailable(`getPosts ${uri}: ${x.error}: ${x.message}`);
      throw asDriverError(err, "getPosts");
    }
  }

  async function post(request: PublishRequest, extra: (agent: AtpAgent) => Promise<Record<string, unknown>>) {
    const agent = await agentOf(request.account);
    const rkey = recordKeyOf(request);
    const before = await existingRecord(agent, POST, rkey);
    if (before) return { external_post_id: before.uri };
    const rt = await richText(agent, request.text);
    const record: Record<string, unknown> = {
      $type: POST,
      text: rt.text,
      createdAt: new Date().toISOString(),
      ...(rt.facets && rt.facets.length > 0 ? { facets: rt.facets } : {}),
      ...(await extra(agent)),
    };
    return { external_post_id: await createRecord(agent, POST, rkey, record) };
  }

  return {
    async linkAccount(request: LinkRequest) {
      const credentials = request.credentials;
      if (!credentials) throw new Error("a real Bluesky account is linked with a handle and an app password");
      const agent = makeAgent();
      const identifier = credentials.identifier.trim().replace(/^@/, "");
      if (!identifier.startsWith("did:")) {
        try {
          await agent.com.atproto.identity.resolveHandle({ handle: identifier });
        } catch (err) {
          const x = xrpcError(err);
          if (x && x.status === 400) throw new LinkRefused("identifier", "validation.bluesky.unknown_handle");
          throw asDriverError(err, "resolveHandle");
        }
      }
      let session: AtpSessionData | undefined;
      try {
        await agent.login({ identifier, password: credentials.app_password });
        session = agent.session;
      } catch (err) {
        const x = xrpcError(err);
        if (x && (x.status === 401 || x.error === "AuthenticationRequired")) {
          throw new LinkRefused("app_password", "validation.bluesky.wrong_password");
        }
        if (x?.error === "AccountTakedown")
          throw new LinkRefused("identifier", "validation.bluesky.taken_down");
        throw asDriverError(err, "createSession");
      }
      if (!session) throw new Error("createSession answered no session");
      let profile: ProfileLike = { did: session.did, handle: session.handle };
      try {
        profile = (await agent.getProfile({ actor: session.did })).data;
      } catch (err) {
        throw asDriverError(err, "getProfile");
      }
      const sealed = opts.box.seal({
        identifier,
        app_password: credentials.app_password,
        session,
      } satisfies BlueskyCredentials);
      return accountProfile(opts.provider, profile, { did: session.did, credentials: sealed });
    },

    async refreshAccount(account: StoredAccount) {
      const agent = await agentOf(account);
      try {
        const got = await agent.getProfile({ actor: didOf(agent) });
        return accountProfile(opts.provider, got.data);
      } catch (err) {
        throw asDriverError(err, "getProfile");
      }
    },

    /**
     * The team asks the owner to connect the account again: its access is kept until then (a running contest
     * goes on); connecting it again with a new app password replaces it (POST …/accounts/link).
     */
    async requestReconnect() {},

    async publish(request) {
      return post(request, async (agent) => {
        const embed = await imagesEmbed(agent, request.media);
        return embed ? { embed } : {};
      });
    },

    async reply(request: ReplyRequest) {
      const agent = await agentOf(request.account);
      if (request.mode === "repost" || request.mode === "retweet") {
        const rkey = recordKeyOf(request);
        const before = await existingRecord(agent, REPOST, rkey);
        if (before) return { external_post_id: before.uri };
        const { ref } = await target(agent, request.in_reply_to);
        const record = { $type: REPOST, subject: ref, createdAt: new Date().toISOString() };
        return { external_post_id: await createRecord(agent, REPOST, rkey, record) };
      }
      const rkey = recordKeyOf(request);
      const before = await existingRecord(agent, POST, rkey);
      if (before) return { external_post_id: before.uri };
      const { ref, root } = await target(agent, request.in_reply_to);
      return post(request, async (a) => {
        const images = await imagesEmbed(a, request.media);
        if (request.mode === "quote") {
          const record = { $type: "app.bsky.embed.record", record: ref };
          return {
            embed: images ? { $type: "app.bsky.embed.recordWithMedia", record, media: images } : record,
          };
        }
        return { reply: { root, parent: ref }, ...(images ? { embed: images } : {}) };
      });
    },

    async sendPrivateMessage(request: PrivateMessageRequest) {
      const agent = await agentOf(request.account);
      const chat = agent.withProxy(CHAT_PROXY.type, CHAT_PROXY.did);
      let convoId: string;
      try {
        const got = await chat.chat.bsky.convo.getConvoForMembers({
          members: [request.recipient.external_id],
        });
        convoId = got.data.convo.id;
      } catch (err) {
        const x = xrpcError(err);
        if (x && x.status === 400) throw new MessageRefused(`getConvoForMembers: ${x.error}`);
        throw asDriverError(err, "getConvoForMembers");
      }
      const me = didOf(agent);
      // Sent already (the job ran again): the last messages of the conversation say so.
      try {
        const recent = await chat.chat.bsky.convo.getMessages({ convoId, limit: 20 });
        for (const m of recent.data.messages) {
          const msg = m as { id?: string; text?: string; sender?: { did?: string } };
          if (msg.sender?.did === me && msg.text === request.text && msg.id)
            return { external_message_id: msg.id };
        }
      } catch (err) {
        throw asDriverError(err, "getMessages");
      }
      const rt = await richText(agent, request.text);
      try {
        const sent = await chat.chat.bsky.convo.sendMessage({
          convoId,
          message: { text: rt.text, ...(rt.facets && rt.facets.length > 0 ? { facets: rt.facets } : {}) },
        });
        return { external_message_id: sent.data.id };
      } catch (err) {
        const x = xrpcError(err);
        if (x && x.status === 400) throw new MessageRefused(`sendMessage: ${x.error}`);
        throw asDriverError(err, "sendMessage");
      }
    },

    async loadEntries(request: EntriesRequest) {
      if (request.post_id === null) return { entrants: [], lists: [] };
      const agent = await agentOf(request.account);
      const uri = await resolvePostUri(agent, request.post_id, request.post_author ?? null);
      // Every list of Bluesky is read whole (capabilities: checked); it does not say a total of its own here.
      const entrants = await readEntrants(agent, request, uri, opts.progress);
      return { entrants, lists: listedOf(entrants, askedKinds(request.provider, request.source)) };
    },

    /** A quick import's post: its URI by DID (kept, so a later handle change does not lose it), if it exists. */
    async resolvePost({ post_id, author }) {
      const agent = await agentOf(null);
      const uri = await resolvePostUri(agent, post_id, author);
      const post = await assertPostExists(agent, uri);
      return { post_id: uri, author_id: parseUri(uri).repo, ...post };
    },

    async fetchProfile(
      provider: ProviderDefinition,
      externalId: string,
      _now: Date,
    ): Promise<EntrantProfile> {
      const agent = await agentOf(null);
      try {
        return entrantProfile(provider, (await agent.getProfile({ actor: externalId })).data);
      } catch (err) {
        throw asDriverError(err, "getProfile");
      }
    },
  };
}
