/**
 * A stand-in for Threads (threads.net's OAuth and graph.threads.net) on 127.0.0.1, for the tests of
 * api/drivers/threads and the connect flow.
 *
 * Every Graph request is checked against Threads' official API collection (fbsamples/threads_api, vendored as
 * tests/helpers/published/threads-api.json with its commit): its method and path must be one of the collection's
 * endpoints, each query parameter one the collection sends to it (plus Graph's cursor `after` on list edges, which
 * the collection's list endpoints show), each requested field one of the collection's field list for that object,
 * and each answer's object carries only the fields asked for among those. The token goes in the Authorization
 * header: an access_token in a URL is a problem. Problems are kept in `problems` (tests assert there are none) and
 * answered 500.
 *
 * Tokens as Threads defines them: the code gives a short-lived token (1 hour), `th_exchange_token` a long-lived
 * one (60 days), `th_refresh_token` a new long-lived one if the token is at least a day old and not expired.
 * Failure switches: the next calls answer a Graph error (rate limit 4/17/32/613 with the usage header, 190, 10,
 * 200), a deleted post (100/33), containers that never finish, the publishing cap spent, scopes refused at consent.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { CodeStore, consentPage, fieldsOf, redirectFromConsent } from "./standin-consent.ts";
import { StandInServer } from "./standin-server.ts";

type Endpoint = { name: string; method: string; path: string; query: string[]; body?: string[] };
type Published = {
  repository: string;
  commit: string;
  scope: string[];
  fields: Record<string, string[]>;
  endpoints: Endpoint[];
};

export const PUBLISHED: Published = JSON.parse(
  readFileSync(path.resolve("tests/helpers/published/threads-api.json"), "utf8"),
);

export type StandInUser = { id: string; username: string; name: string; picture: string | null };
export type StandInPost = {
  id: string;
  owner: string;
  text: string;
  timestamp: string;
  shortcode: string;
  media_type: "TEXT_POST" | "IMAGE";
  image_url: string | null;
  /** The post it answers (null: a top-level thread). */
  replied_to: string | null;
  root: string | null;
  quoted: string | null;
};
type Container = {
  id: string;
  owner: string;
  text: string;
  media_type: string;
  image_url: string | null;
  reply_to_id: string | null;
  quote_post_id: string | null;
  status: "IN_PROGRESS" | "FINISHED" | "PUBLISHED";
  checks: number;
};
type Token = { user: string; scopes: string[]; issued: number; expires: number; long: boolean };

const token = (prefix: string) => `${prefix}${randomBytes(24).toString("base64url")}`;
const SHORTCODE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
/** Graph's time format: 2024-08-09T18:07:57+0000. */
const graphTime = (iso: string) => `${new Date(iso).toISOString().slice(0, 19)}+0000`;

export class ThreadsStandIn extends StandInServer {
  readonly clientId = "1234567890123456";
  readonly clientSecret = `th-secret-${randomBytes(12).toString("hex")}`;

  readonly users = new Map<string, StandInUser>();
  readonly posts = new Map<string, StandInPost>();
  readonly containers = new Map<string, Container>();
  readonly deleted = new Set<string>();
  /** Which user the consent page signs in as. */
  consentAs = "";
  /** Scopes the person leaves unchecked on the consent page. */
  refusedScopes = new Set<string>();
  redirectUris = new Set<string>();
  pageSize = 25;
  /** Moves the stand-in's clock (a test that lets 50 days pass). */
  clockOffsetMs = 0;

  // Failure switches.
  /** The next `times` Graph calls (after letting `after` through) answer this Graph error. */
  failNext: {
    status: number;
    code: number;
    subcode?: number;
    times: number;
    after?: number;
    headers?: Record<string, string>;
  } | null = null;
  containersNeverFinish = false;
  publishedToday = 0;
  readonly quotaTotal = 250;
  readonly replyQuotaTotal = 1000;

  readonly #codes = new CodeStore<{ user: string; redirect: string; scopes: string[] }>();
  readonly #tokens = new Map<string, Token>();
  #seq = 0;

  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  /** The env a test app gets: THREADS_* pointing here. */
  env(): Record<string, string> {
    return {
      THREADS_CLIENT_ID: this.clientId,
      THREADS_CLIENT_SECRET: this.clientSecret,
      THREADS_AUTH_URL: `${this.url}/oauth/authorize`,
      THREADS_TOKEN_URL: `${this.url}/oauth/access_token`,
      THREADS_REVOKE_URL: `${this.url}/me/permissions`,
      THREADS_API_URL: `${this.url}/v1.0`,
    };
  }

  addUser(u: Omit<StandInUser, "picture"> & { picture?: string | null }): StandInUser {
    const user = { picture: null, ...u };
    this.users.set(u.id, user);
    this.consentAs ||= u.id;
    return user;
  }

  #id(): string {
    return `1790${String(1_000_000_000_000 + ++this.#seq)}`;
  }
  #shortcode(): string {
    return Array.from(randomBytes(11), (b) => SHORTCODE[b % 64]).join("");
  }

  /** A post by `owner`, or (replied_to) a reply to one. */
  post(owner: string, text: string, at: string, repliedTo: string | null = null): StandInPost {
    const parent = repliedTo ? this.posts.get(repliedTo) : undefined;
    const p: StandInPost = {
      id: this.#id(),
      owner,
      text,
      timestamp: new Date(at).toISOString(),
      shortcode: this.#shortcode(),
      media_type: "TEXT_POST",
      image_url: null,
      replied_to: repliedTo,
      root: parent ? (parent.root ?? parent.id) : null,
      quoted: null,
    };
    this.posts.set(p.id, p);
    return p;
  }

  /** Tokens issued (short- and long-lived), for the tests that look for them where they must not be. */
  issuedTokens(): string[] {
    return [...this.#tokens.keys()];
  }
  /** Every token stops working (the person removed the app): the next call answers 190. */
  revokeAll(): void {
    for (const t of this.#tokens.values()) t.expires = 0;
  }

  #graphError(res: ServerResponse, status: number, code: number, subcode?: number, headers = {}) {
    this.send(
      res,
      status,
      {
        error: {
          message: `(#${code}) stand-in error`,
          type: code === 190 ? "OAuthException" : "THApiException",
          code,
          ...(subcode ? { error_subcode: subcode } : {}),
          fbtrace_id: "Astandin",
        },
      },
      headers,
    );
  }

  protected async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", this.url);
    // The Graph version prefix is optional on graph.threads.net.
    const pathname = url.pathname.replace(/^\/v1\.0(?=\/)/, "");
    const body = (await this.receive(req, url, { path: pathname })).toString("utf8");
    if (pathname === "/oauth/authorize") return this.#authorize(url, res);
    if (pathname === "/oauth/consent") return this.#consent(new URLSearchParams(body), res);
    if (pathname === "/oauth/access_token") return this.#exchange(req, url, new URLSearchParams(body), res);
    // What a browser asks of the consent page's site on its own.
    if (pathname === "/favicon.ico") return this.send(res, 404, { error: "not_found" });
    return this.#graph(req, url, pathname, res);
  }

  // ---- OAuth -------------------------------------------------------------------------------------------------

  #authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const wrong: string[] = [];
    if (q.get("client_id") !== this.clientId) wrong.push("client_id");
    if (q.get("response_type") !== "code") wrong.push("response_type");
    if (!q.get("state")) wrong.push("state");
    if (!this.redirectUris.has(q.get("redirect_uri") ?? "")) wrong.push("redirect_uri");
    // Threads' scopes are comma-separated, each one the collection lists.
    const scopes = (q.get("scope") ?? "").split(",");
    if (scopes.some((s) => !PUBLISHED.scope.includes(s)) || !scopes.includes("threads_basic"))
      wrong.push("scope");
    if (wrong.length > 0) {
      this.problems.push(`authorize: ${wrong.join(", ")}`);
      return this.send(res, 400, `<p>Invalid request (${wrong.join(", ")})</p>`);
    }
    const who = this.users.get(this.consentAs);
    const page = consentPage({
      title: "Threads",
      heading: "Allow Fairdraw to access your Threads profile?",
      signedIn: `Signed in as @${who?.username ?? ""}`,
      action: "/oauth/consent",
      hidden: fieldsOf(q, ["redirect_uri", "state", "scope"]),
      allow: "Allow",
    });
    this.send(res, 200, page);
  }

  #consent(form: URLSearchParams, res: ServerResponse) {
    if (form.get("decision") !== "allow") {
      return redirectFromConsent(res, form, { error: "access_denied", error_reason: "user_denied" });
    }
    const scopes = (form.get("scope") ?? "").split(",").filter((s) => !this.refusedScopes.has(s));
    const redirect = form.get("redirect_uri") ?? "";
    const code = this.#codes.give(token("AQ"), { user: this.consentAs, redirect, scopes });
    redirectFromConsent(res, form, { code });
  }

  #issue(user: string, scopes: string[], long: boolean): string {
    const t = token(long ? "THQWL" : "THQWS");
    const now = this.now();
    this.#tokens.set(t, {
      user,
      scopes,
      issued: now,
      expires: now + (long ? 60 * 86_400_000 : 3_600_000),
      long,
    });
    return t;
  }

  #exchange(req: IncomingMessage, url: URL, form: URLSearchParams, res: ServerResponse) {
    if (req.method !== "POST") this.problems.push("oauth/access_token: not a POST");
    const endpoint = this.#endpoint("POST", "/oauth/access_token");
    const given = new Set([...url.searchParams.keys(), ...form.keys()]);
    for (const k of given) if (!endpoint?.query.includes(k)) this.problems.push(`oauth/access_token: ${k}`);
    if (url.searchParams.has("client_secret"))
      this.problems.push("oauth/access_token: client_secret in the URL");
    const p = (k: string) => form.get(k) ?? url.searchParams.get(k);
    if (p("client_id") !== this.clientId || p("client_secret") !== this.clientSecret) {
      return this.#graphError(res, 400, 101);
    }
    const code = this.#codes.take(p("code"));
    if (p("grant_type") !== "authorization_code" || !code || code.redirect !== p("redirect_uri")) {
      return this.#graphError(res, 400, 100);
    }
    this.send(res, 200, { access_token: this.#issue(code.user, code.scopes, false), user_id: code.user });
  }

  // ---- Graph -------------------------------------------------------------------------------------------------

  /**
   * The collection's endpoint for a request: its path with the ids as the collection's {{variables}}. Several of
   * the collection's requests share one (POST /me/threads: text, image, quote, reply): their parameters add up.
   */
  #endpoint(method: string, pathname: string): Endpoint | undefined {
    const shape = pathname
      .split("/")
      .map((part) => (/^\d+$/.test(part) ? "{id}" : part))
      .join("/");
    const all = PUBLISHED.endpoints.filter(
      (e) => e.method === method && e.path.replace(/\{\{[a-z_]+\}\}/g, "{id}").replace(/\/$/, "") === shape,
    );
    const [one] = all;
    if (!one) return undefined;
    return { ...one, query: [...new Set(all.flatMap((e) => e.query))] };
  }

  /** The fields asked for, each one of the published list's (else a problem). */
  #fields(url: URL, list: string): string[] {
    const asked = (url.searchParams.get("fields") ?? "id").split(",");
    const published = PUBLISHED.fields[list] ?? [];
    for (const f of asked) {
      if (!published.includes(f)) this.problems.push(`${url.pathname}: field ${f} is not in fields_${list}`);
    }
    return asked;
  }

  /** The object with only the fields asked for (closed: nothing the collection does not list). */
  #only(fields: string[], all: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const f of fields) if (all[f] !== undefined) out[f] = all[f];
    return out;
  }

  #page(
    url: URL,
    items: Record<string, unknown>[],
  ): { data: Record<string, unknown>[]; paging?: Record<string, unknown> } {
    const after = url.searchParams.get("after");
    const start = after ? Number(Buffer.from(after, "base64url").toString("utf8")) : 0;
    const size = Math.min(Number(url.searchParams.get("limit") ?? this.pageSize), 100);
    const data = items.slice(start, start + size);
    if (data.length === 0) return { data };
    const end = start + data.length;
    const cursors = {
      before: Buffer.from(String(start)).toString("base64url"),
      after: Buffer.from(String(end)).toString("base64url"),
    };
    const next = new URL(url);
    next.searchParams.set("after", cursors.after);
    return { data, paging: { cursors, ...(end < items.length ? { next: next.toString() } : {}) } };
  }

  #mediaFields(p: StandInPost): Record<string, unknown> {
    const owner = this.users.get(p.owner);
    return {
      id: p.id,
      media_product_type: "THREADS",
      media_type: p.media_type,
      ...(p.image_url ? { media_url: p.image_url } : {}),
      permalink: `https://www.threads.com/@${owner?.username}/post/${p.shortcode}`,
      owner: { id: p.owner },
      username: owner?.username,
      text: p.text,
      timestamp: graphTime(p.timestamp),
      shortcode: p.shortcode,
      is_quote_post: p.quoted !== null,
      has_replies: [...this.posts.values()].some((r) => r.replied_to === p.id),
      is_reply: p.replied_to !== null,
      ...(p.replied_to ? { replied_to: { id: p.replied_to }, root_post: { id: p.root } } : {}),
      hide_status: "NOT_HUSHED",
    };
  }

  #checkQuery(url: URL, endpoint: Endpoint, paging: boolean) {
    if (url.searchParams.has("access_token")) this.problems.push(`${url.pathname}: access_token in the URL`);
    for (const k of url.searchParams.keys()) {
      if (endpoint.query.includes(k) || (paging && (k === "after" || k === "limit"))) continue;
      if (k === "access_token") continue;
      this.problems.push(`${endpoint.name}: query parameter ${k} is not in the collection`);
    }
  }

  #graph(req: IncomingMessage, url: URL, pathname: string, res: ServerResponse) {
    const method = req.method ?? "GET";
    const endpoint = this.#endpoint(method, pathname);
    if (!endpoint) {
      this.problems.push(`${method} ${pathname} is not in the collection`);
      return this.send(res, 500, { error: { message: "not in the collection" } });
    }
    const listEdge = /\/(replies|conversation|threads)$/.test(pathname) && method === "GET";
    this.#checkQuery(url, endpoint, listEdge);
    const bearer = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1] ?? "";
    const t = this.#tokens.get(bearer);
    if (!t || t.expires <= this.now()) return this.#graphError(res, 401, 190, 463);
    if (this.failNext && (this.failNext.after ?? 0) > 0) this.failNext.after = (this.failNext.after ?? 0) - 1;
    else if (this.failNext && this.failNext.times > 0) {
      this.failNext.times--;
      const f = this.failNext;
      return this.#graphError(res, f.status, f.code, f.subcode, f.headers);
    }
    const q = url.searchParams;
    const me = t.user;
    const need = (scope: string) => {
      if (t.scopes.includes(scope)) return true;
      this.#graphError(res, 403, 10);
      return false;
    };

    if (pathname === "/access_token") {
      if (q.get("grant_type") !== "th_exchange_token" || q.get("client_secret") !== this.clientSecret) {
        return this.#graphError(res, 400, 101);
      }
      if (t.long) return this.#graphError(res, 400, 100);
      return this.send(res, 200, {
        access_token: this.#issue(me, t.scopes, true),
        token_type: "bearer",
        expires_in: 5_184_000,
      });
    }
    if (pathname === "/refresh_access_token") {
      if (q.get("grant_type") !== "th_refresh_token") return this.#graphError(res, 400, 100);
      // Meta refreshes long-lived tokens at least a day old and not yet expired.
      if (!t.long || this.now() - t.issued < 86_400_000) return this.#graphError(res, 400, 190);
      return this.send(res, 200, {
        access_token: this.#issue(me, t.scopes, true),
        token_type: "bearer",
        expires_in: 5_184_000,
      });
    }
    if (pathname === "/me" && method === "GET") {
      const u = this.users.get(me);
      const fields = this.#fields(url, "profile");
      return this.send(
        res,
        200,
        this.#only(fields, {
          id: u?.id,
          username: u?.username,
          name: u?.name,
          threads_profile_picture_url: u?.picture ?? undefined,
        }),
      );
    }
    if (pathname === "/me/threads_publishing_limit") {
      const fields = this.#fields(url, "quota");
      return this.send(res, 200, {
        data: [
          this.#only(fields, {
            quota_usage: this.publishedToday,
            config: { quota_total: this.quotaTotal, quota_duration: 86_400 },
            reply_quota_usage: 0,
            reply_config: { quota_total: this.replyQuotaTotal, quota_duration: 86_400 },
          }),
        ],
      });
    }
    if ((pathname === "/me/threads" || pathname === "/me/replies") && method === "GET") {
      const replies = pathname === "/me/replies";
      const fields = this.#fields(url, replies ? "replies" : "threads");
      const mine = [...this.posts.values()]
        .filter((p) => p.owner === me && !this.deleted.has(p.id) && (p.replied_to !== null) === replies)
        .sort((a, b) => (a.timestamp < b.timestamp ? 1 : -1))
        .map((p) => this.#only(fields, this.#mediaFields(p)));
      return this.send(res, 200, this.#page(url, mine));
    }
    if (pathname === "/me/threads" && method === "POST") return this.#createContainer(q, me, t, res);
    if (pathname === "/me/threads_publish") {
      if (!need("threads_content_publish")) return;
      const c = this.containers.get(q.get("creation_id") ?? "");
      if (!c || c.owner !== me) return this.#graphError(res, 400, 100, 33);
      if (c.status !== "FINISHED") return this.#graphError(res, 400, 24, 4279001);
      const p = this.post(me, c.text, new Date(this.now()).toISOString(), c.reply_to_id);
      p.media_type = c.media_type === "IMAGE" ? "IMAGE" : "TEXT_POST";
      p.image_url = c.image_url;
      p.quoted = c.quote_post_id;
      c.status = "PUBLISHED";
      if (!c.reply_to_id) this.publishedToday++;
      return this.send(res, 200, { id: p.id });
    }
    const [, id, edge] = pathname.split("/") as [string, string, string | undefined];
    if (this.containers.has(id) && !edge) {
      const c = this.containers.get(id) as Container;
      c.checks++;
      if (c.status === "IN_PROGRESS" && !this.containersNeverFinish && c.checks >= 1) c.status = "FINISHED";
      const fields = this.#fields(url, "container");
      return this.send(res, 200, this.#only(fields, { id: c.id, status: c.status }));
    }
    const post = this.posts.get(id);
    if (!post || this.deleted.has(id)) return this.#graphError(res, 400, 100, 33);
    if (!edge && method === "GET") {
      return this.send(res, 200, this.#only(this.#fields(url, "threads"), this.#mediaFields(post)));
    }
    if ((edge === "replies" || edge === "conversation") && method === "GET") {
      if (!need("threads_read_replies")) return;
      const fields = this.#fields(url, "replies");
      const under = (p: StandInPost) =>
        edge === "replies" ? p.replied_to === id : p.root === id || p.replied_to === id;
      // reverse=false: oldest first; Threads' default (true) is newest first.
      const reverse = q.get("reverse") !== "false";
      const list = [...this.posts.values()]
        .filter((p) => under(p) && !this.deleted.has(p.id))
        .sort((a, b) => (a.timestamp < b.timestamp !== reverse ? -1 : 1))
        .map((p) => this.#only(fields, this.#mediaFields(p)));
      return this.send(res, 200, this.#page(url, list));
    }
    if (edge === "repost" && method === "POST") {
      if (!need("threads_content_publish")) return;
      const p = this.post(me, "", new Date(this.now()).toISOString());
      return this.send(res, 200, { id: p.id });
    }
    this.problems.push(`${method} ${pathname}: the stand-in does not answer it`);
    return this.send(res, 500, { error: { message: "not answered" } });
  }

  #createContainer(q: URLSearchParams, me: string, t: Token, res: ServerResponse) {
    const replyTo = q.get("reply_to_id");
    if (!t.scopes.includes("threads_content_publish")) return this.#graphError(res, 403, 10);
    if (replyTo && !t.scopes.includes("threads_manage_replies")) return this.#graphError(res, 403, 10);
    const type = q.get("media_type") ?? "";
    const text = q.get("text") ?? "";
    if (!["TEXT", "IMAGE"].includes(type)) return this.#graphError(res, 400, 100);
    if (type === "TEXT" && !text) return this.#graphError(res, 400, 100);
    if (type === "IMAGE" && !q.get("image_url")) return this.#graphError(res, 400, 100);
    // Threads' text limit: 500 characters.
    if ([...text].length > 500) return this.#graphError(res, 400, 100);
    for (const ref of [replyTo, q.get("quote_post_id")]) {
      if (ref && (!this.posts.has(ref) || this.deleted.has(ref))) return this.#graphError(res, 400, 100, 33);
    }
    const c: Container = {
      id: this.#id(),
      owner: me,
      text,
      media_type: type,
      image_url: q.get("image_url"),
      reply_to_id: replyTo,
      quote_post_id: q.get("quote_post_id"),
      status: "IN_PROGRESS",
      checks: 0,
    };
    this.containers.set(c.id, c);
    return this.send(res, 200, { id: c.id });
  }
}
