/**
 * A stand-in for the Bluesky service (PDS + AppView + chat through the PDS's proxy), on 127.0.0.1, for the tests
 * of api/drivers/bluesky: it implements the XRPC endpoints the driver calls and checks every request (params,
 * input, records written) and every answer against the lexicon documents shipped with @atproto/api, read with
 * @atproto/lexicon's Lexicons, so it cannot drift from the protocol: what it finds wrong is kept in `problems`
 * (the tests assert there are none) and answered as a 500.
 *
 * Its accounts come from tests/fixtures/bluesky-answers.json. Failure paths are switched on by the test: an
 * expired access token, a revoked app password, 429 answers with retry-after, a deleted post, a recipient who
 * does not take messages, a page cursor that ends early.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { jsonToLex, schemas } from "@atproto/api";
import { Lexicons } from "@atproto/lexicon";
import fixture from "../fixtures/bluesky-answers.json";

export const lexicons = new Lexicons(schemas);
export type FixtureAccount = (typeof fixture.accounts)[number];
export const ACCOUNTS = fixture.accounts;
export const BRAND = fixture.accounts[0] as FixtureAccount & { password: string };
export const CHAT_PROXY_HEADER = "did:web:api.bsky.chat#bsky_chat";

const B32 = "abcdefghijklmnopqrstuvwxyz234567";
function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += B32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31];
  return out;
}

/** A CIDv1 (sha2-256) of some bytes: dag-cbor for records, raw for blobs. */
export function cidOf(data: string | Uint8Array, codec: "dag-cbor" | "raw" = "dag-cbor"): string {
  const digest = createHash("sha256").update(data).digest();
  const head = Uint8Array.from([0x01, codec === "raw" ? 0x55 : 0x71, 0x12, 0x20]);
  return `b${base32(Buffer.concat([head, digest]))}`;
}

type Post = { uri: string; cid: string; author: string; record: Record<string, unknown>; indexedAt: string };
type Session = { did: string; expired: boolean };
export type Logged = { nsid: string; method: string; params: Record<string, unknown>; proxy: string | null };

export class BlueskyStandIn {
  server!: Server;
  url = "";
  readonly problems: string[] = [];
  readonly log: Logged[] = [];
  /** Every body and header value it received and sent, for the tests that look for secrets in clear text. */
  readonly wire: string[] = [];
  readonly accounts = new Map<string, FixtureAccount & { password?: string }>();
  readonly posts = new Map<string, Post>();
  readonly likes = new Map<string, { did: string; at: string }[]>();
  readonly reposts = new Map<string, string[]>();
  readonly follows = new Set<string>();
  readonly blobs = new Map<string, { mime: string; size: number }>();
  readonly messages: { convoId: string; id: string; sender: string; text: string; sentAt: string }[] = [];
  readonly refusesChat = new Set<string>();
  /** The next N calls of an NSID are answered 429 with this retry-after (seconds). */
  readonly rateLimits = new Map<string, { times: number; retryAfter: number }>();
  /** A list call of this NSID answers a cursor and then an empty last page. */
  readonly cursorEndsEarly = new Set<string>();
  /** The next call of an NSID at this cursor fails with a 502 (the service or the process stopped mid-load). */
  readonly failOnce = new Map<string, string>();
  private sessions = new Map<string, Session>();
  private refreshTokens = new Map<string, string>();
  private n = 0;

  constructor() {
    for (const a of ACCOUNTS) this.accounts.set(a.did, { ...a });
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err) => {
        this.problems.push(`stand-in crashed: ${String(err)}`);
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  // ---- what tests set up ----

  /** Every access token given so far expires (the next call answers ExpiredToken; refreshSession still works). */
  expireAccessTokens(): void {
    for (const s of this.sessions.values()) s.expired = true;
  }

  /** The app password is revoked: sessions and refresh tokens of the account stop working, sign-in is refused. */
  revokePassword(did: string): void {
    const account = this.accounts.get(did);
    if (account) account.password = "revoked";
    for (const [token, s] of this.sessions) if (s.did === did) this.sessions.delete(token);
    for (const [token, d] of this.refreshTokens) if (d === did) this.refreshTokens.delete(token);
  }

  /** A post by an account, with its likes, reposts, replies and quotes by others. */
  addPost(authorDid: string, text: string, rkey = this.tid()): Post {
    const uri = `at://${authorDid}/app.bsky.feed.post/${rkey}`;
    const record = {
      $type: "app.bsky.feed.post",
      text,
      createdAt: new Date(Date.UTC(2026, 10, 1)).toISOString(),
    };
    const post = {
      uri,
      cid: cidOf(JSON.stringify(record)),
      author: authorDid,
      record,
      indexedAt: record.createdAt,
    };
    this.posts.set(uri, post);
    return post;
  }

  reply(to: Post, authorDid: string, text: string): Post {
    const post = this.addPost(authorDid, text);
    post.record.reply = { root: { uri: to.uri, cid: to.cid }, parent: { uri: to.uri, cid: to.cid } };
    return post;
  }

  quote(of: Post, authorDid: string, text: string): Post {
    const post = this.addPost(authorDid, text);
    post.record.embed = { $type: "app.bsky.embed.record", record: { uri: of.uri, cid: of.cid } };
    return post;
  }

  like(post: Post, did: string): void {
    const list = this.likes.get(post.uri) ?? [];
    list.push({ did, at: new Date(Date.UTC(2026, 10, 2, 0, list.length)).toISOString() });
    this.likes.set(post.uri, list);
  }

  repost(post: Post, did: string): void {
    this.reposts.set(post.uri, [...(this.reposts.get(post.uri) ?? []), did]);
  }

  follow(follower: string, subject: string): void {
    this.follows.add(`${follower}>${subject}`);
  }

  calls(nsid: string): Logged[] {
    return this.log.filter((l) => l.nsid === nsid);
  }

  // ---- the service ----

  private tid(): string {
    this.n++;
    const S32 = "234567abcdefghijklmnopqrstuvwxyz";
    let v = (1_700_000_000_000_000n + BigInt(this.n) * 1000n) << 10n;
    let out = "";
    for (let i = 0; i < 13; i++) {
      out = S32[Number(v & 31n)] + out;
      v >>= 5n;
    }
    return out;
  }

  private profileView(did: string, detailed = false) {
    const a = this.accounts.get(did);
    if (!a) throw new Error(`no account ${did}`);
    const view: Record<string, unknown> = {
      $type: detailed ? "app.bsky.actor.defs#profileViewDetailed" : "app.bsky.actor.defs#profileView",
      did: a.did,
      handle: a.handle,
      ...(a.displayName ? { displayName: a.displayName } : {}),
      ...("avatar" in a && a.avatar ? { avatar: a.avatar } : {}),
      createdAt: a.createdAt,
      indexedAt: a.createdAt,
    };
    if (detailed) {
      Object.assign(view, {
        followersCount: a.followersCount,
        followsCount: a.followsCount,
        postsCount: a.postsCount,
      });
    }
    return view;
  }

  private basic(did: string) {
    const a = this.accounts.get(did);
    if (!a) throw new Error(`no account ${did}`);
    return { did: a.did, handle: a.handle, ...(a.displayName ? { displayName: a.displayName } : {}) };
  }

  private postView(p: Post) {
    return {
      $type: "app.bsky.feed.defs#postView",
      uri: p.uri,
      cid: p.cid,
      author: this.basic(p.author),
      record: p.record,
      indexedAt: p.indexedAt,
      likeCount: this.likes.get(p.uri)?.length ?? 0,
      repostCount: this.reposts.get(p.uri)?.length ?? 0,
    };
  }

  private resolveActor(actor: string): string | undefined {
    if (actor.startsWith("did:")) return this.accounts.has(actor) ? actor : undefined;
    return [...this.accounts.values()].find((a) => a.handle === actor.toLowerCase())?.did;
  }

  private newSession(did: string) {
    const access = `access-${did}-${++this.n}`;
    const refresh = `refresh-${did}-${++this.n}`;
    this.sessions.set(access, { did, expired: false });
    this.refreshTokens.set(refresh, did);
    const a = this.accounts.get(did);
    return { accessJwt: access, refreshJwt: refresh, handle: a?.handle ?? "", did, active: true };
  }

  /** One page of a list: `cursorEndsEarly` answers a cursor, then an empty page without one. */
  private page<T>(nsid: string, all: T[], params: Record<string, unknown>) {
    const limit = typeof params.limit === "number" ? params.limit : 50;
    const start = typeof params.cursor === "string" ? Number(params.cursor) : 0;
    if (this.cursorEndsEarly.has(nsid) && start > 0) return { items: [] as T[], cursor: undefined };
    const items = all.slice(start, start + limit);
    const next = start + limit;
    return { items, cursor: next < all.length ? String(next) : undefined };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", this.url);
    const nsid = url.pathname.replace(/^\/xrpc\//, "");
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const proxy = typeof req.headers["atproto-proxy"] === "string" ? req.headers["atproto-proxy"] : null;
    this.wire.push(raw.toString("utf8"), req.headers.authorization ?? "");

    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const text = JSON.stringify(body);
      this.wire.push(text);
      res.writeHead(status, { "content-type": "application/json", ...headers }).end(text);
    };
    const fail = (status: number, error: string, message = error) => send(status, { error, message });
    const problem = (what: string) => {
      this.problems.push(`${nsid}: ${what}`);
      fail(500, "InternalServerError", what);
    };

    let def: { type: string; parameters?: { properties?: Record<string, { type: string }> } };
    try {
      def = lexicons.getDefOrThrow(nsid) as typeof def;
    } catch {
      return problem("no such method in the lexicons");
    }
    const params: Record<string, unknown> = {};
    for (const [name, prop] of Object.entries(def.parameters?.properties ?? {})) {
      const values = url.searchParams.getAll(name);
      if (values.length === 0) continue;
      const one = (v: string) =>
        prop.type === "integer" ? Number(v) : prop.type === "boolean" ? v === "true" : v;
      params[name] = prop.type === "array" ? values : one(values[0] as string);
    }
    this.log.push({ nsid, method: req.method ?? "", params, proxy });
    try {
      lexicons.assertValidXrpcParams(nsid, params);
    } catch (err) {
      return problem(`bad params: ${(err as Error).message}`);
    }
    if ((def.type === "procedure") !== (req.method === "POST")) return problem(`called with ${req.method}`);
    let input: Record<string, unknown> = {};
    if (def.type === "procedure" && nsid !== "com.atproto.repo.uploadBlob" && raw.length > 0) {
      input = jsonToLex(JSON.parse(raw.toString("utf8"))) as Record<string, unknown>;
      try {
        lexicons.assertValidXrpcInput(nsid, input);
      } catch (err) {
        return problem(`bad input: ${(err as Error).message}`);
      }
    }

    if (this.failOnce.has(nsid) && this.failOnce.get(nsid) === String(params.cursor ?? "")) {
      this.failOnce.delete(nsid);
      return fail(502, "UpstreamFailure", "Upstream Failure");
    }
    const limited = this.rateLimits.get(nsid);
    if (limited && limited.times > 0) {
      limited.times--;
      const reset = Math.ceil(Date.now() / 1000) + limited.retryAfter;
      return send(
        429,
        { error: "RateLimitExceeded", message: "Rate Limit Exceeded" },
        {
          "retry-after": String(limited.retryAfter),
          "ratelimit-limit": "3000",
          "ratelimit-remaining": "0",
          "ratelimit-reset": String(reset),
        },
      );
    }

    const bearer = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    const answer = (body: Record<string, unknown>) => {
      try {
        lexicons.assertValidXrpcOutput(nsid, jsonToLex(body));
      } catch (err) {
        return problem(`bad output: ${(err as Error).message}`);
      }
      send(200, body, { "ratelimit-limit": "3000", "ratelimit-remaining": "2999" });
    };

    // Sign-in and refresh take no access token.
    if (nsid === "com.atproto.server.createSession") {
      const did = this.resolveActor(String(input.identifier));
      const account = did ? this.accounts.get(did) : undefined;
      if (!account?.password || account.password !== input.password) {
        return fail(401, "AuthenticationRequired", "Invalid identifier or password");
      }
      return answer(this.newSession(account.did));
    }
    if (nsid === "com.atproto.server.refreshSession") {
      const did = this.refreshTokens.get(bearer);
      if (!did) return fail(400, "ExpiredToken", "Token has been revoked");
      this.refreshTokens.delete(bearer);
      return answer(this.newSession(did));
    }
    if (nsid === "com.atproto.identity.resolveHandle") {
      const did = this.resolveActor(String(params.handle));
      return did ? answer({ did }) : fail(400, "HandleNotFound", "Unable to resolve handle");
    }
    const session = this.sessions.get(bearer);
    if (!session) return fail(401, "AuthenticationRequired", "Invalid token");
    if (session.expired) return fail(400, "ExpiredToken", "Token has expired");
    const me = session.did;

    if (nsid.startsWith("chat.bsky.") && proxy !== CHAT_PROXY_HEADER) {
      return problem(`chat call without the proxy header (got ${proxy})`);
    }

    switch (nsid) {
      case "com.atproto.server.getSession": {
        const a = this.accounts.get(me);
        return answer({ did: me, handle: a?.handle ?? "", active: true });
      }
      case "app.bsky.actor.getProfile": {
        const did = this.resolveActor(String(params.actor));
        return did ? answer(this.profileView(did, true)) : fail(400, "InvalidRequest", "Profile not found");
      }
      case "app.bsky.actor.getProfiles": {
        const actors = ([] as unknown[]).concat(params.actors ?? []).map(String);
        const dids = actors.map((a) => this.resolveActor(a)).filter((d): d is string => Boolean(d));
        return answer({ profiles: dids.map((d) => this.profileView(d, true)) });
      }
      case "com.atproto.repo.getRecord": {
        const uri = `at://${params.repo}/${params.collection}/${params.rkey}`;
        const post = this.posts.get(uri);
        if (!post) return fail(400, "RecordNotFound", `Could not locate record: ${uri}`);
        return answer({ uri, cid: post.cid, value: post.record });
      }
      case "com.atproto.repo.createRecord": {
        if (input.repo !== me) return fail(401, "AuthenticationRequired", "wrong repo");
        const collection = String(input.collection);
        try {
          lexicons.assertValidRecord(collection, input.record);
        } catch (err) {
          return problem(`bad record: ${(err as Error).message}`);
        }
        const rkey = typeof input.rkey === "string" ? input.rkey : this.tid();
        const uri = `at://${me}/${collection}/${rkey}`;
        if (this.posts.has(uri)) return fail(400, "InvalidRequest", "Record already exists");
        const record = JSON.parse(raw.toString("utf8")).record as Record<string, unknown>;
        const cid = cidOf(JSON.stringify(record));
        this.posts.set(uri, { uri, cid, author: me, record, indexedAt: new Date().toISOString() });
        if (collection === "app.bsky.feed.repost") {
          const subject = (record.subject as { uri: string }).uri;
          this.reposts.set(subject, [...(this.reposts.get(subject) ?? []), me]);
        }
        return answer({ uri, cid });
      }
      case "com.atproto.repo.uploadBlob": {
        const mime = String(req.headers["content-type"] ?? "");
        const cid = cidOf(raw, "raw");
        this.blobs.set(cid, { mime, size: raw.length });
        return answer({ blob: { $type: "blob", ref: { $link: cid }, mimeType: mime, size: raw.length } });
      }
      case "app.bsky.feed.getPosts": {
        const uris = params.uris as string[];
        return answer({
          posts: uris.flatMap((u) => (this.posts.has(u) ? [this.postView(this.posts.get(u) as Post)] : [])),
        });
      }
      case "app.bsky.feed.getPostThread": {
        const post = this.posts.get(String(params.uri));
        if (!post) return fail(400, "NotFound", `Post not found: ${params.uri}`);
        const replies = [...this.posts.values()]
          .filter(
            (p) => (p.record.reply as { parent?: { uri: string } } | undefined)?.parent?.uri === post.uri,
          )
          .map((p) => ({ $type: "app.bsky.feed.defs#threadViewPost", post: this.postView(p), replies: [] }));
        return answer({
          thread: { $type: "app.bsky.feed.defs#threadViewPost", post: this.postView(post), replies },
        });
      }
      case "app.bsky.feed.getLikes": {
        const uri = String(params.uri);
        if (!this.posts.has(uri)) return answer({ uri, likes: [] });
        const { items, cursor } = this.page(nsid, this.likes.get(uri) ?? [], params);
        const likes = items.map((l) => ({
          indexedAt: l.at,
          createdAt: l.at,
          actor: this.profileView(l.did),
        }));
        return answer({ uri, likes, ...(cursor ? { cursor } : {}) });
      }
      case "app.bsky.feed.getRepostedBy": {
        const uri = String(params.uri);
        const { items, cursor } = this.page(nsid, this.reposts.get(uri) ?? [], params);
        return answer({
          uri,
          repostedBy: items.map((d) => this.profileView(d)),
          ...(cursor ? { cursor } : {}),
        });
      }
      case "app.bsky.feed.getQuotes": {
        const uri = String(params.uri);
        const all = [...this.posts.values()].filter(
          (p) => (p.record.embed as { record?: { uri?: string } } | undefined)?.record?.uri === uri,
        );
        const { items, cursor } = this.page(nsid, all, params);
        return answer({ uri, posts: items.map((p) => this.postView(p)), ...(cursor ? { cursor } : {}) });
      }
      case "app.bsky.graph.getRelationships": {
        const actor = this.resolveActor(String(params.actor));
        if (!actor) return fail(400, "ActorNotFound", "Actor not found");
        const others = (params.others as string[] | undefined) ?? [];
        const relationships = others.map((other) => {
          const did = this.resolveActor(other);
          if (!did) return { $type: "app.bsky.graph.defs#notFoundActor", actor: other, notFound: true };
          return {
            $type: "app.bsky.graph.defs#relationship",
            did,
            ...(this.follows.has(`${actor}>${did}`)
              ? { following: `at://${actor}/app.bsky.graph.follow/${this.tid()}` }
              : {}),
            ...(this.follows.has(`${did}>${actor}`)
              ? { followedBy: `at://${did}/app.bsky.graph.follow/${this.tid()}` }
              : {}),
          };
        });
        return answer({ actor, relationships });
      }
      case "chat.bsky.convo.getConvoForMembers": {
        const members = params.members as string[];
        const other = members.find((m) => m !== me) ?? me;
        if (this.refusesChat.has(other)) {
          return fail(400, "InvalidRequest", "recipient has disabled incoming messages");
        }
        const id = `convo-${[me, other].sort().join("-")}`;
        return answer({
          convo: {
            id,
            rev: "1",
            members: [me, other].map((d) => ({
              did: d,
              handle: this.accounts.get(d)?.handle ?? "handle.invalid",
            })),
            muted: false,
            unreadCount: 0,
          },
        });
      }
      case "chat.bsky.convo.getMessages": {
        const messages = this.messages
          .filter((m) => m.convoId === params.convoId)
          .map((m) => ({
            $type: "chat.bsky.convo.defs#messageView",
            id: m.id,
            rev: m.id,
            text: m.text,
            sender: { did: m.sender },
            sentAt: m.sentAt,
          }));
        return answer({ messages });
      }
      case "chat.bsky.convo.sendMessage": {
        const message = input.message as { text: string };
        const id = `msg-${++this.n}`;
        const sentAt = new Date().toISOString();
        this.messages.push({ convoId: String(input.convoId), id, sender: me, text: message.text, sentAt });
        return answer({ id, rev: id, text: message.text, sender: { did: me }, sentAt });
      }
      default:
        return problem("the stand-in does not implement this method");
    }
  }
}
