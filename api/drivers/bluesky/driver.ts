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
import { createHash } from "node:crypto";
import { type AtpAgent, type AtpSessionData, AtpAgent as Client, RichText } from "@atproto/api";
import { type Entrant, entrantId } from "../../../engine/lifecycle";
import { profileUrlOf } from "../../../engine/provider";
import type { ProviderDefinition } from "../../catalog";
import { MessageRefused, PostUnavailable } from "../errors";
import { type PoliteOptions, politeFetch } from "../shared/polite-fetch";
import type { SecretBox } from "../shared/secrets";
import type {
  AccountProfile,
  EntrantProfile,
  EntriesRequest,
  LinkRequest,
  NetworkDriver,
  PrivateMessageRequest,
  PublishRequest,
  ReplyRequest,
  StoredAccount,
} from "../types";
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
export const CHAT_PROXY = { type: "bsky_chat", did: "did:web:api.bsky.chat" } as const;
const POST = "app.bsky.feed.post";
const REPOST = "app.bsky.feed.repost";
/** Page size of the list calls (each lexicon's maximum). */
const PAGE = 100;
/** app.bsky.graph.getRelationships takes at most 30 accounts a call. */
const RELATIONSHIPS_BATCH = 30;
const MAX_IMAGES = 4;
/** app.bsky.embed.images takes images up to 1 MB. */
const MAX_IMAGE_BYTES = 1_000_000;

export type MediaFile = { bytes: Uint8Array; mime: string; alt: string };
export interface MediaReader {
  read(uploadId: string): Promise<MediaFile | null>;
}

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

/** The number a Bluesky account is known by in the builder (publication.account_id): 52 bits of SHA-256(DID). */
export function accountNumber(did: string): string {
  const digest = createHash("sha256").update(did).digest();
  return String(digest.readBigUInt64BE(0) >> 12n);
}

/** What the link form gets wrong, as field problems (the route answers them as a 422). */
export class LinkRefused extends Error {
  constructor(
    readonly field: "identifier" | "app_password",
    readonly messageKey: string,
  ) {
    super(`bluesky link refused: ${messageKey}`);
  }
}

type ProfileLike = {
  did: string;
  handle: string;
  displayName?: string;
  avatar?: string;
  createdAt?: string;
  followersCount?: number;
  followsCount?: number;
  postsCount?: number;
};

function accountProfile(
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

/** at://{author}/app.bsky.feed.post/{rkey}: the post id as stored, or built from the link's author and key. */
export function postUri(postId: string, author: string | null): string | null {
  if (postId.startsWith("at://")) return postId;
  if (!author) return null;
  return `at://${author}/${POST}/${postId}`;
}

function parseUri(uri: string): { repo: string; collection: string; rkey: string } {
  const [repo = "", collection = "", rkey = ""] = uri.replace(/^at:\/\//, "").split("/");
  return { repo, collection, rkey };
}

function emptyEntrant(provider: ProviderDefinition, p: ProfileLike, at: string): Entrant {
  return {
    id: entrantId(provider.name, p.did),
    provider: provider.name,
    source_id: "",
    external_id: p.did,
    screen_name: p.handle,
    name: p.displayName?.trim() || p.handle,
    profile_url: profileUrlOf(provider, p.handle),
    account_created_at: p.createdAt ?? null,
    followers: p.followersCount ?? 0,
    following: p.followsCount ?? 0,
    posts: p.postsCount ?? 0,
    is_bot_signal: false,
    comments: [],
    did: { repost: false, quote: false, like: false, follows: [], reactions: [] },
    repost_ratio: null,
    first_at: at,
  };
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

  /** The post answered, reposted or quoted: its URI and CID, and its thread's root. */
  async function target(agent: AtpAgent, uri: string) {
    try {
      const got = await agent.getPosts({ uris: [uri] });
      const post = got.data.posts[0];
      if (!post) throw new PostUnavailable(`bluesky post ${uri} not found`);
      const ref = { uri: post.uri, cid: post.cid };
      const reply = (post.record as { reply?: { root?: { uri: string; cid: string } } }).reply;
      return { ref, root: reply?.root ?? ref };
    } catch (err) {
      if (err instanceof PostUnavailable) throw err;
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
      if (request.post_id === null) return [];
      const agent = await agentOf(request.account);
      let uri = postUri(request.post_id, request.post_author ?? null);
      if (!uri) throw new PostUnavailable(`bluesky post ${request.post_id} has no author`);
      const { repo, collection, rkey } = parseUri(uri);
      if (!repo.startsWith("did:")) {
        // A link names its author by handle: the post's URI is by DID (a handle can change hands).
        try {
          const did = (await agent.com.atproto.identity.resolveHandle({ handle: repo })).data.did;
          uri = `at://${did}/${collection}/${rkey}`;
        } catch (err) {
          const x = xrpcError(err);
          if (x && x.status === 400) throw new PostUnavailable(`bluesky handle ${repo} not found`);
          throw asDriverError(err, "resolveHandle");
        }
      }
      return readEntrants(agent, request, uri, opts.progress);
    },

    async fetchProfile(
      provider: ProviderDefinition,
      externalId: string,
      _now: Date,
    ): Promise<EntrantProfile> {
      const agent = await agentOf(null);
      try {
        const p = (await agent.getProfile({ actor: externalId })).data;
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
      } catch (err) {
        throw asDriverError(err, "getProfile");
      }
    },
  };
}

/**
 * Where a load of entries keeps its progress after each page (api/services/account-credentials.ts: the contest's
 * meta), so a load the process stopped in the middle of goes on from its last page instead of the first.
 */
export type LoadCheckpoint = {
  uri: string;
  author: { did: string; handle: string };
  /** The list being read (LISTS index; LISTS.length: the follow relationships). */
  list: number;
  cursor: string | null;
  entrants: Entrant[];
};
export interface ProgressStore {
  load(contestId: string, sourceId: string): Promise<LoadCheckpoint | null> | LoadCheckpoint | null;
  save(contestId: string, sourceId: string, checkpoint: LoadCheckpoint): Promise<void> | void;
  clear(contestId: string, sourceId: string): Promise<void> | void;
}

type Page = { items: unknown[]; cursor?: string };
type Lists = {
  name: string;
  call: (agent: AtpAgent, uri: string, cursor: string | undefined) => Promise<Page>;
  each: (
    item: unknown,
    entrant: (p: ProfileLike, at: string | undefined) => Entrant | null,
    author: string,
  ) => void;
};

/** The lists a post's entrants are read from, in order, each paged with its cursor. */
const LISTS: Lists[] = [
  {
    name: "getLikes",
    call: async (agent, uri, cursor) => {
      const got = await agent.getLikes({ uri, limit: PAGE, cursor });
      return { items: got.data.likes, cursor: got.data.cursor };
    },
    each: (item, entrant) => {
      const like = item as { actor: ProfileLike; createdAt: string };
      const e = entrant(like.actor, like.createdAt);
      if (e) e.did.like = true;
    },
  },
  {
    name: "getRepostedBy",
    call: async (agent, uri, cursor) => {
      const got = await agent.getRepostedBy({ uri, limit: PAGE, cursor });
      return { items: got.data.repostedBy, cursor: got.data.cursor };
    },
    each: (item, entrant) => {
      const p = item as ProfileLike & { indexedAt?: string };
      const e = entrant(p, p.indexedAt);
      if (e) e.did.repost = true;
    },
  },
  {
    name: "getQuotes",
    call: async (agent, uri, cursor) => {
      const got = await agent.app.bsky.feed.getQuotes({ uri, limit: PAGE, cursor });
      return { items: got.data.posts, cursor: got.data.cursor };
    },
    each: (item, entrant, author) => {
      const p = item as { uri: string; author: ProfileLike; record: unknown; indexedAt: string };
      if (p.author.did === author) return;
      const record = p.record as { text?: string; createdAt?: string };
      const at = record.createdAt ?? p.indexedAt;
      const e = entrant(p.author, at);
      if (!e) return;
      e.did.quote = true;
      if (!e.comments.some((c) => c.id === p.uri))
        e.comments.push({ id: p.uri, text: record.text ?? "", at });
    },
  },
];

/** Bounded: a service that kept answering cursors forever stops at 1 000 pages (100 000 items) a list. */
const MAX_PAGES = 1000;

async function readEntrants(
  agent: AtpAgent,
  request: EntriesRequest,
  uri: string,
  progress: ProgressStore | undefined,
): Promise<Entrant[]> {
  const now = request.now.toISOString();
  const notFound = (err: unknown, what: string) => {
    const x = xrpcError(err);
    if (x && (x.error === "NotFound" || x.status === 404)) {
      return new PostUnavailable(`${what} ${uri}: ${x.error}`);
    }
    return asDriverError(err, what);
  };
  const resumed = await progress?.load(request.contest_id, request.source_id);
  const checkpoint: LoadCheckpoint =
    resumed && resumed.uri === uri
      ? resumed
      : { uri, author: { did: "", handle: "" }, list: 0, cursor: null, entrants: [] };
  const byDid = new Map(checkpoint.entrants.map((e) => [e.external_id, e]));
  const enough = () => byDid.size >= request.limit;
  const entrant = (p: ProfileLike, at: string | undefined) => {
    let e = byDid.get(p.did);
    if (!e) {
      if (enough()) return null;
      e = emptyEntrant(request.provider, p, at ?? now);
      byDid.set(p.did, e);
    }
    return e;
  };
  const save = async () => {
    checkpoint.entrants = [...byDid.values()];
    await progress?.save(request.contest_id, request.source_id, checkpoint);
  };

  if (checkpoint !== resumed) {
    // The post itself first: a deleted post answers NotFound here, and the replies come with it.
    try {
      const thread = await agent.getPostThread({ uri, depth: 1, parentHeight: 0 });
      const root = thread.data.thread as {
        $type?: string;
        post?: { author: ProfileLike };
        replies?: unknown[];
      };
      if (!root.post) throw new PostUnavailable(`bluesky post ${uri}: ${root.$type ?? "not a post"}`);
      checkpoint.author = { did: root.post.author.did, handle: root.post.author.handle };
      for (const r of root.replies ?? []) {
        const reply = r as {
          post?: { uri: string; author: ProfileLike; record: unknown; indexedAt: string };
        };
        if (!reply.post || reply.post.author.did === checkpoint.author.did) continue;
        const record = reply.post.record as { text?: string; createdAt?: string };
        const at = record.createdAt ?? reply.post.indexedAt;
        entrant(reply.post.author, at)?.comments.push({ id: reply.post.uri, text: record.text ?? "", at });
      }
    } catch (err) {
      if (err instanceof PostUnavailable) throw err;
      throw notFound(err, "getPostThread");
    }
    await save();
  }
  const author = checkpoint.author;

  while (checkpoint.list < LISTS.length) {
    const list = LISTS[checkpoint.list] as Lists;
    for (let page = 0; page < MAX_PAGES && !enough(); page++) {
      let got: Page;
      try {
        got = await list.call(agent, uri, checkpoint.cursor ?? undefined);
      } catch (err) {
        throw notFound(err, list.name);
      }
      for (const item of got.items) list.each(item, entrant, author.did);
      const ended = !got.cursor || got.items.length === 0 || got.cursor === checkpoint.cursor;
      if (ended) break;
      checkpoint.cursor = got.cursor ?? null;
      await save();
    }
    checkpoint.list++;
    checkpoint.cursor = null;
    await save();
  }
  byDid.delete(author.did);

  // Who follows the author (and the other accounts to follow): getRelationships, 30 accounts a call.
  const dids = [...byDid.keys()];
  const follows = async (actor: string, names: string[]) => {
    for (let i = 0; i < dids.length; i += RELATIONSHIPS_BATCH) {
      const batch = dids.slice(i, i + RELATIONSHIPS_BATCH);
      let got: Awaited<ReturnType<typeof agent.app.bsky.graph.getRelationships>>;
      try {
        got = await agent.app.bsky.graph.getRelationships({ actor, others: batch });
      } catch (err) {
        const x = xrpcError(err);
        if (x && x.status === 400 && x.error === "ActorNotFound") return;
        throw asDriverError(err, "getRelationships");
      }
      for (const rel of got.data.relationships) {
        const r = rel as { did?: string; followedBy?: string };
        const e = r.did ? byDid.get(r.did) : undefined;
        if (e && r.followedBy) e.did.follows = [...new Set([...e.did.follows, ...names])];
      }
    }
  };
  const publisher = request.account;
  const authorNames = [author.handle, `@${author.handle}`];
  if (publisher && publisher.screen_name.toLowerCase() === author.handle.toLowerCase()) {
    authorNames.push(publisher.external_id);
  }
  await follows(author.did, authorNames);
  for (const handle of request.accounts_to_follow) {
    const clean = handle.trim().replace(/^@/, "");
    if (clean !== "") await follows(clean, [handle, clean]);
  }
  await progress?.clear(request.contest_id, request.source_id);
  return [...byDid.values()];
}
