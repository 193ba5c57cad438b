/**
 * The entries of a Bluesky post (app.bsky.feed.getPostThread, getLikes, getRepostedBy, getQuotes, each paged with
 * its cursor; the follows through app.bsky.graph.getRelationships; the profiles through getProfiles), with the
 * load's progress kept after each page so a load stopped midway goes on from its last page.
 *
 * - Accounts are known by DID, never by a stored handle: the publishing account's follows count whatever handle
 *   it has now (its builder number is derived from its DID), and the other accounts to follow, named by handle in
 *   the form, are resolved to their DID first (getRelationships answers nothing useful for a handle).
 * - Dates: every action carries its own time where the network records one (the like, reply and quote records'
 *   createdAt); a repost as listed carries none, so it is dated by the load that first saw it, never earlier than
 *   the post. An entrant's first_at is its earliest action (docs/draw.md).
 * - A reply counts when it answers the post itself (depth 1): a reply to a reply is a conversation between
 *   entrants, not an entry. An account that blocks the brand is not shown to the brand by the network at all.
 */
import type { AtpAgent } from "@atproto/api";
import { type Entrant, entrantId } from "../../../engine/lifecycle";
import type { ProviderDefinition } from "../../catalog";
import { PostUnavailable } from "../errors";
import type { EntriesRequest } from "../types";
import { accountNumber, entrantProfile, fillProfiles, type ProfileLike } from "./profiles";
import { asDriverError, xrpcError } from "./session";

const POST = "app.bsky.feed.post";
/** Page size of the list calls (each lexicon's maximum). */
const PAGE = 100;
/** app.bsky.graph.getRelationships takes at most 30 accounts a call. */
const RELATIONSHIPS_BATCH = 30;

/** at://{author}/app.bsky.feed.post/{rkey}: the post id as stored, or built from the link's author and key. */
export function postUri(postId: string, author: string | null): string | null {
  if (postId.startsWith("at://")) return postId;
  if (!author) return null;
  return `at://${author}/${POST}/${postId}`;
}

export function parseUri(uri: string): { repo: string; collection: string; rkey: string } {
  const [repo = "", collection = "", rkey = ""] = uri.replace(/^at:\/\//, "").split("/");
  return { repo, collection, rkey };
}

function emptyEntrant(provider: ProviderDefinition, p: ProfileLike, at: string): Entrant {
  return {
    id: entrantId(provider.name, p.did),
    provider: provider.name,
    source_id: "",
    ...entrantProfile(provider, p),
    is_bot_signal: false,
    comments: [],
    did: { repost: false, quote: false, like: false, follows: [], reactions: [] },
    repost_ratio: null,
    first_at: at,
  };
}

/**
 * The post's URI by DID: a link names its author by handle, and a handle changes (or changes hands), so the DID
 * is read once and kept. Answers PostUnavailable when the author or the post is not there.
 */
export async function resolvePostUri(
  agent: AtpAgent,
  postId: string,
  author: string | null,
): Promise<string> {
  const uri = postUri(postId, author);
  if (!uri) throw new PostUnavailable(`bluesky post ${postId} has no author`);
  const { repo, collection, rkey } = parseUri(uri);
  if (repo.startsWith("did:")) return uri;
  try {
    const did = (await agent.com.atproto.identity.resolveHandle({ handle: repo })).data.did;
    return `at://${did}/${collection}/${rkey}`;
  } catch (err) {
    const x = xrpcError(err);
    if (x && x.status === 400) throw new PostUnavailable(`bluesky handle ${repo} not found`);
    throw asDriverError(err, "resolveHandle");
  }
}

/** The post exists and can be read (app.bsky.feed.getPosts answers it), or PostUnavailable. */
export async function assertPostExists(
  agent: AtpAgent,
  uri: string,
): Promise<{ author_screen_name: string; text: string; published_at: string | null }> {
  let found: Awaited<ReturnType<AtpAgent["getPosts"]>>["data"]["posts"][number] | undefined;
  try {
    found = (await agent.getPosts({ uris: [uri] })).data.posts[0];
  } catch (err) {
    const x = xrpcError(err);
    if (x && x.status === 400) throw new PostUnavailable(`getPosts ${uri}: ${x.error}`);
    throw asDriverError(err, "getPosts");
  }
  if (!found) throw new PostUnavailable(`bluesky post ${uri} not found`);
  const record = found.record as { text?: unknown; createdAt?: unknown };
  return {
    author_screen_name: found.author.handle,
    text: typeof record.text === "string" ? record.text : "",
    published_at: typeof record.createdAt === "string" ? record.createdAt : null,
  };
}

/**
 * Where a load of entries keeps its progress after each page (api/services/account-credentials.ts: the contest's
 * meta), so a load the process stopped in the middle of goes on from its last page instead of the first.
 */
export type LoadCheckpoint = {
  uri: string;
  author: { did: string; handle: string };
  /** When the post was made (its record's createdAt): no action is dated before it. */
  post_at?: string;
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
      // A repost as listed carries no time (indexedAt here is the reposter's profile's): first seen, undefined.
      const e = entrant(item as ProfileLike, undefined);
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

export async function readEntrants(
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
  /** An action's time, or when this load first saw it; never before the post. */
  const dated = (at: string | undefined) => {
    const when = at ?? now;
    const postAt = checkpoint.post_at;
    return postAt && Date.parse(when) < Date.parse(postAt) ? postAt : when;
  };
  const entrant = (p: ProfileLike, at: string | undefined) => {
    const when = dated(at);
    let e = byDid.get(p.did);
    if (!e) {
      if (enough()) return null;
      e = emptyEntrant(request.provider, p, when);
      byDid.set(p.did, e);
    } else if (Date.parse(when) < Date.parse(e.first_at)) {
      // Lists are read one after the other: an account enters at its earliest action, whichever list has it.
      e.first_at = when;
    } else {
      return e;
    }
    // An undated action (a repost as listed) is dated by this load: the entry says so (docs/draw.md).
    if (at === undefined) e.first_seen = true;
    else delete e.first_seen;
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
        post?: { author: ProfileLike; record?: { createdAt?: string } };
        replies?: unknown[];
      };
      if (!root.post) throw new PostUnavailable(`bluesky post ${uri}: ${root.$type ?? "not a post"}`);
      checkpoint.author = { did: root.post.author.did, handle: root.post.author.handle };
      const postAt = root.post.record?.createdAt;
      if (postAt && Number.isFinite(Date.parse(postAt))) checkpoint.post_at = new Date(postAt).toISOString();
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

  // Who follows the author (and the other accounts to follow): getRelationships by DID, 30 accounts a call.
  const dids = [...byDid.keys()];
  const follows = async (actorDid: string, names: string[]) => {
    for (let i = 0; i < dids.length; i += RELATIONSHIPS_BATCH) {
      const batch = dids.slice(i, i + RELATIONSHIPS_BATCH);
      let got: Awaited<ReturnType<typeof agent.app.bsky.graph.getRelationships>>;
      try {
        got = await agent.app.bsky.graph.getRelationships({ actor: actorDid, others: batch });
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
  const authorNames = [author.handle, `@${author.handle}`];
  // The publishing account is known by its DID (its builder number derives from it), whatever its handle now.
  const publisher = request.account;
  if (publisher && publisher.external_id === accountNumber(author.did))
    authorNames.push(publisher.external_id);
  await follows(author.did, authorNames);
  for (const handle of request.accounts_to_follow) {
    const clean = handle.trim().replace(/^@/, "");
    if (clean === "") continue;
    const did = await didOf(agent, clean);
    if (did) await follows(did, [handle, clean]);
  }
  await fillProfiles(agent, request.provider, [...byDid.values()]);
  await progress?.clear(request.contest_id, request.source_id);
  return [...byDid.values()];
}

/** The DID of an account named by handle (or DID), or null when nobody has that handle. */
async function didOf(agent: AtpAgent, name: string): Promise<string | null> {
  if (name.startsWith("did:")) return name;
  try {
    return (await agent.com.atproto.identity.resolveHandle({ handle: name })).data.did;
  } catch (err) {
    const x = xrpcError(err);
    if (x && x.status === 400) return null;
    throw asDriverError(err, "resolveHandle");
  }
}
