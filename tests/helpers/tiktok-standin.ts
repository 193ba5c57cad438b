/**
 * A stand-in for TikTok on 127.0.0.1: Login Kit (authorization page with a consent form, token, revoke), the v2
 * API (user/info, video/query, Content Posting: creator_info, video/init, the upload URL, status/fetch) and the
 * API for Business's comment list, for the tests of api/drivers/tiktok.
 *
 * TikTok publishes no machine-readable description of these APIs; their documented shapes are written down in
 * ./published/tiktok.json (each $def names its reference page). Every request body, query and every answer is
 * checked against it with ajv (objects closed): what does not match is kept in `problems` (tests assert there are
 * none) and a request that does not match is answered 400.
 *
 * Failure switches: access tokens that expire at once, a refresh refused, rate limits (429 with the reset), the
 * app not audited (only SELF_ONLY posts), deleted videos, a personal (non-business) login, short comment pages.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { CodeStore, consentPage, fieldsOf, redirectFromConsent } from "./standin-consent.ts";
import { StandInServer } from "./standin-server.ts";

const PUBLISHED = path.resolve("tests/helpers/published/tiktok.json");

/** TikTok's documented shapes, compiled once per process. */
class TiktokShapes {
  readonly #ajv = new Ajv({ strict: false, allErrors: true });
  readonly #compiled = new Map<string, ValidateFunction>();
  constructor() {
    addFormats(this.#ajv);
    this.#ajv.addSchema(JSON.parse(readFileSync(PUBLISHED, "utf8")));
  }
  check(def: string, value: unknown): string[] {
    let v = this.#compiled.get(def);
    if (!v) {
      v = this.#ajv.compile({ $ref: `tiktok-published.json#/$defs/${def}` });
      this.#compiled.set(def, v);
    }
    return v(value)
      ? []
      : (v.errors ?? []).map((e) => `${def}${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
  }
}
let shapes: TiktokShapes | null = null;
function tiktokShapes(): TiktokShapes {
  shapes ??= new TiktokShapes();
  return shapes;
}

export type StandInLogin = {
  open_id: string;
  username: string;
  display_name: string;
  /** A business account: its grant may have comment.list (TikTok's API for Business). */
  business: boolean;
  followers: number;
  videos: { id: string; description: string; create_time: number }[];
};
type StandInComment = {
  comment_id: string;
  video_id: string;
  user_id: string;
  username: string;
  display_name: string;
  text: string;
  create_time: number;
  parent_comment_id?: string;
};
type Grant = { login: string; scope: string; refresh: string; alive: boolean };
type Publish = {
  login: string;
  privacy: string;
  size: number;
  received: number;
  polls: number;
  postId?: string;
};

const token = (prefix: string) => `${prefix}.${randomBytes(18).toString("base64url")}`;
const logId = () => `2026${randomBytes(8).toString("hex").toUpperCase()}`;

export class TiktokStandIn extends StandInServer {
  readonly clientKey = "fairdraw-test-client-key";
  readonly clientSecret = `secret-${randomBytes(12).toString("base64url")}`;
  readonly shapes = tiktokShapes();

  readonly logins = new Map<string, StandInLogin>();
  readonly comments: StandInComment[] = [];
  readonly deletedVideos = new Set<string>();
  readonly redirectUris = new Set<string>();
  consentAs = "brand";

  // Failure switches.
  accessTtlSeconds = 86_400;
  refreshRefused = false;
  /** The application TikTok audited: false (the default for a new app) allows SELF_ONLY posts only. */
  audited = false;
  /** The next `times` API calls answer 429, the window resetting `resetSeconds` later. */
  rateLimitNext: { times: number; resetSeconds: number } | null = null;
  commentPageSize = 30;
  /** How many status polls a publish stays PROCESSING_UPLOAD before PUBLISH_COMPLETE. */
  processingPolls = 1;

  readonly #codes = new CodeStore<{ login: string; redirect: string; scope: string }>();
  readonly #access = new Map<string, { login: string; scope: string; expires: number }>();
  readonly #grants = new Map<string, Grant>();
  readonly #publishes = new Map<string, Publish>();
  readonly revoked: string[] = [];
  /** Refresh tokens presented after they were rotated out (a refresh token used twice). */
  readonly reusedRefreshTokens: string[] = [];
  #seq = 0;

  /** The env a test app gets: TIKTOK_* pointing here. */
  env(): Record<string, string> {
    return {
      TIKTOK_CLIENT_ID: this.clientKey,
      TIKTOK_CLIENT_SECRET: this.clientSecret,
      TIKTOK_AUTH_URL: `${this.url}/v2/auth/authorize/`,
      TIKTOK_TOKEN_URL: `${this.url}/v2/oauth/token/`,
      TIKTOK_REVOKE_URL: `${this.url}/v2/oauth/revoke/`,
      TIKTOK_API_URL: `${this.url}/v2`,
      TIKTOK_BUSINESS_API_URL: `${this.url}/open_api/v1.3`,
    };
  }

  addLogin(name: string, login: StandInLogin): StandInLogin {
    this.logins.set(name, login);
    return login;
  }

  /** A comment on a video by a TikTok user, at `at` (ISO). */
  comment(videoId: string, user: { id: string; username: string; name: string }, text: string, at: string) {
    const c: StandInComment = {
      comment_id: String(7_400_000_000_000_000_000n + BigInt(++this.#seq)),
      video_id: videoId,
      user_id: user.id,
      username: user.username,
      display_name: user.name,
      text,
      create_time: Math.floor(Date.parse(at) / 1000),
    };
    this.comments.push(c);
    return c;
  }

  liveRefreshTokens(): string[] {
    return [...this.#grants.values()].filter((g) => g.alive).map((g) => g.refresh);
  }
  issuedAccessTokens(): string[] {
    return [...this.#access.keys()];
  }
  /** Every access token stops working (TikTok expired them): the next call answers 401. */
  forgetAccessTokens(): void {
    this.#access.clear();
  }
  publishes(): Publish[] {
    return [...this.#publishes.values()];
  }

  /** An answer checked against its documented shape before it goes. */
  #answer(res: ServerResponse, def: string, status: number, body: unknown, headers?: Record<string, string>) {
    this.problems.push(...this.shapes.check(def, body));
    this.send(res, status, body, headers);
  }

  #v2(res: ServerResponse, def: string, data: unknown) {
    this.#answer(res, def, 200, { data, error: { code: "ok", message: "", log_id: logId() } });
  }

  #v2Error(res: ServerResponse, status: number, code: string, headers?: Record<string, string>) {
    const body = { error: { code, message: code, log_id: logId() } };
    this.problems.push(...this.shapes.check("error_v2", body.error));
    this.send(res, status, body, headers);
  }

  /** A request that does not match its documented shape: kept as a problem and refused. */
  #refuse(res: ServerResponse, found: string[]): boolean {
    if (found.length === 0) return false;
    this.problems.push(...found);
    this.#v2Error(res, 400, "invalid_params");
    return true;
  }

  protected async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", this.url);
    const isUpload = url.pathname.startsWith("/upload/");
    const raw = await this.receive(req, url, { binary: isUpload });
    const form = () => new URLSearchParams(raw.toString("utf8"));
    const json = () => JSON.parse(raw.toString("utf8") || "{}") as unknown;
    if (url.pathname === "/v2/auth/authorize/") return this.#authorize(url, res);
    if (url.pathname === "/v2/auth/consent/") return this.#consent(form(), res);
    if (url.pathname === "/v2/oauth/token/") return this.#token(req, form(), res);
    if (url.pathname === "/v2/oauth/revoke/") return this.#revoke(form(), res);
    if (isUpload) return this.#upload(req, url, raw, res);
    if (url.pathname.startsWith("/v2/") || url.pathname.startsWith("/open_api/")) {
      if (this.rateLimitNext && this.rateLimitNext.times > 0) {
        this.rateLimitNext.times--;
        const reset = String(Math.ceil(Date.now() / 1000) + this.rateLimitNext.resetSeconds);
        return this.#v2Error(res, 429, "rate_limit_exceeded", { "x-ratelimit-reset": reset });
      }
      if (url.pathname.startsWith("/open_api/")) return this.#business(req, url, res);
      return this.#api(req, url, json(), res);
    }
    this.send(res, 404, { error: "not_found" });
  }

  // ---- Login Kit ---------------------------------------------------------------------------------------------

  #authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const wrong: string[] = [];
    if (q.get("client_key") !== this.clientKey) wrong.push("client_key");
    if (q.has("client_id")) wrong.push("client_id (TikTok names it client_key)");
    if (q.get("response_type") !== "code") wrong.push("response_type");
    if (!q.get("state")) wrong.push("state");
    if (!this.redirectUris.has(q.get("redirect_uri") ?? "")) wrong.push("redirect_uri");
    const scope = q.get("scope") ?? "";
    if (!scope.split(",").includes("user.info.basic") || scope.includes(" ")) wrong.push("scope");
    if (wrong.length > 0) {
      this.problems.push(`authorize: ${wrong.join(", ")}`);
      return this.send(res, 400, `<p>Something went wrong: ${wrong.join(", ")}</p>`);
    }
    const login = this.logins.get(this.consentAs);
    const page = consentPage({
      title: "TikTok",
      heading: "Fairdraw would like to access your TikTok account",
      signedIn: `Logged in as @${login?.username ?? ""}`,
      action: "/v2/auth/consent/",
      hidden: fieldsOf(q, ["redirect_uri", "state", "scope"]),
      allow: "Continue",
    });
    this.send(res, 200, page);
  }

  #consent(form: URLSearchParams, res: ServerResponse) {
    const login = this.logins.get(this.consentAs);
    if (form.get("decision") !== "allow" || !login) {
      return redirectFromConsent(res, form, {
        error: "access_denied",
        error_description: "The user denied the request",
      });
    }
    // A personal account cannot grant what only the API for Business gives.
    const scope = (form.get("scope") ?? "")
      .split(",")
      .filter((s) => s !== "comment.list" || login.business)
      .join(",");
    const redirect = form.get("redirect_uri") ?? "";
    const code = this.#codes.give(token("code"), { login: this.consentAs, redirect, scope });
    redirectFromConsent(res, form, { code, scopes: scope });
  }

  #tokenError(res: ServerResponse, error: string, description: string) {
    // TikTok answers a refused grant with its error object (the reference's example: HTTP 200 is not promised).
    this.#answer(res, "token_error", 400, { error, error_description: description, log_id: logId() });
  }

  #issue(login: string, scope: string, grant: Grant | null) {
    const access = token("act");
    this.#access.set(access, { login, scope, expires: Date.now() + this.accessTtlSeconds * 1000 });
    if (grant) grant.alive = false;
    const g = { login, scope, refresh: token("rft"), alive: true };
    this.#grants.set(g.refresh, g);
    return {
      open_id: this.logins.get(login)?.open_id ?? "",
      scope,
      access_token: access,
      expires_in: this.accessTtlSeconds,
      refresh_token: g.refresh,
      refresh_expires_in: 31_536_000,
      token_type: "Bearer",
    };
  }

  #token(req: IncomingMessage, form: URLSearchParams, res: ServerResponse) {
    if (req.headers["content-type"]?.split(";")[0] !== "application/x-www-form-urlencoded") {
      this.problems.push(`token: content-type ${req.headers["content-type"]}`);
    }
    if (req.headers.authorization)
      this.problems.push("token: TikTok takes the client in the body, not Basic");
    const fields = Object.fromEntries(form);
    const grantType = form.get("grant_type");
    const def = grantType === "refresh_token" ? "token_request_refresh" : "token_request_code";
    const found = this.shapes.check(def, fields);
    if (found.length > 0) {
      this.problems.push(...found);
      return this.#tokenError(res, "invalid_request", "The request parameters are malformed.");
    }
    if (form.get("client_key") !== this.clientKey || form.get("client_secret") !== this.clientSecret) {
      return this.#tokenError(res, "invalid_client", "Client key or secret is incorrect.");
    }
    if (grantType === "authorization_code") {
      const code = this.#codes.take(form.get("code"));
      if (!code || code.redirect !== form.get("redirect_uri")) {
        return this.#tokenError(res, "invalid_grant", "Authorization code is expired.");
      }
      return this.#answer(res, "token_answer", 200, this.#issue(code.login, code.scope, null));
    }
    const grant = this.#grants.get(form.get("refresh_token") ?? "");
    if (grant && !grant.alive) this.reusedRefreshTokens.push(grant.refresh);
    if (!grant?.alive || this.refreshRefused) {
      return this.#tokenError(res, "invalid_grant", "Refresh token is invalid or expired.");
    }
    this.#answer(res, "token_answer", 200, this.#issue(grant.login, grant.scope, grant));
  }

  #revoke(form: URLSearchParams, res: ServerResponse) {
    const found = this.shapes.check("revoke_request", Object.fromEntries(form));
    if (found.length > 0) {
      this.problems.push(...found);
      return this.#tokenError(res, "invalid_request", "The request parameters are malformed.");
    }
    const t = form.get("token") ?? "";
    const grant = this.#grants.get(t);
    const access = this.#access.get(t);
    if (grant?.alive) {
      grant.alive = false;
      this.revoked.push(t);
    }
    if (access) {
      this.#access.delete(t);
      this.revoked.push(t);
    }
    this.send(res, 200, {});
  }

  // ---- v2 API ------------------------------------------------------------------------------------------------

  #who(req: IncomingMessage, header: "authorization" | "access-token") {
    const raw = req.headers[header];
    const t = header === "authorization" ? /^Bearer (.+)$/.exec(String(raw ?? ""))?.[1] : raw;
    const access = typeof t === "string" ? this.#access.get(t) : undefined;
    if (!access || access.expires < Date.now()) return null;
    const login = this.logins.get(access.login);
    return login ? { login, scope: access.scope.split(",") } : null;
  }

  #api(req: IncomingMessage, url: URL, body: unknown, res: ServerResponse) {
    const who = this.#who(req, "authorization");
    if (url.searchParams.has("access_token")) this.problems.push("a token in a URL");
    if (!who) return this.#v2Error(res, 401, "access_token_invalid");
    const { login, scope } = who;
    const p = url.pathname;
    if (req.method === "GET" && p === "/v2/user/info/") {
      const fields = (url.searchParams.get("fields") ?? "").split(",");
      if (
        this.#refuse(
          res,
          fields.flatMap((f) => this.shapes.check("user_fields", f)),
        )
      )
        return;
      if (fields.some((f) => /_count$/.test(f)) && !scope.includes("user.info.stats")) {
        return this.#v2Error(res, 401, "scope_not_authorized");
      }
      const all: Record<string, unknown> = {
        open_id: login.open_id,
        union_id: `u-${login.open_id}`,
        avatar_url: `https://p16.tiktokcdn.test/${login.username}.jpeg`,
        display_name: login.display_name,
        username: login.username,
        profile_deep_link: `https://vm.tiktok.com/${login.username}`,
        follower_count: login.followers,
        following_count: 12,
        video_count: login.videos.length,
      };
      const user = Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]]));
      return this.#v2(res, "user_info_answer", { user });
    }
    if (req.method === "POST" && p === "/v2/video/query/") {
      const fields = (url.searchParams.get("fields") ?? "").split(",");
      const found = [
        ...fields.flatMap((f) => this.shapes.check("video_fields", f)),
        ...this.shapes.check("video_query_request", body),
      ];
      if (this.#refuse(res, found)) return;
      const ids = (body as { filters: { video_ids: string[] } }).filters.video_ids;
      const videos = login.videos
        .filter((v) => ids.includes(v.id) && !this.deletedVideos.has(v.id))
        .map((v) => {
          const all: Record<string, unknown> = {
            id: v.id,
            title: v.description.slice(0, 150),
            video_description: v.description,
            create_time: v.create_time,
          };
          return Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]]));
        });
      return this.#v2(res, "video_query_answer", { videos, cursor: 0, has_more: false });
    }
    if (req.method === "POST" && p === "/v2/post/publish/creator_info/query/") {
      if (!scope.includes("video.publish")) return this.#v2Error(res, 401, "scope_not_authorized");
      return this.#v2(res, "creator_info_answer", {
        creator_avatar_url: `https://p16.tiktokcdn.test/${login.username}.jpeg`,
        creator_username: login.username,
        creator_nickname: login.display_name,
        privacy_level_options: ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "SELF_ONLY"],
        comment_disabled: false,
        duet_disabled: false,
        stitch_disabled: false,
        max_video_post_duration_sec: 600,
      });
    }
    if (req.method === "POST" && p === "/v2/post/publish/video/init/") {
      if (this.#refuse(res, this.shapes.check("video_init_request", body))) return;
      const init = body as {
        post_info: { privacy_level: string };
        source_info: { source: string; video_size?: number };
      };
      if (!this.audited && init.post_info.privacy_level !== "SELF_ONLY") {
        return this.#v2Error(res, 403, "unaudited_client_can_only_post_to_private_accounts");
      }
      const id = `v_pub_file~v2-1.${++this.#seq}`;
      this.#publishes.set(id, {
        login: this.consentAs,
        privacy: init.post_info.privacy_level,
        size: init.source_info.video_size ?? 0,
        received: 0,
        polls: 0,
      });
      return this.#v2(res, "video_init_answer", {
        publish_id: id,
        upload_url: `${this.url}/upload/${encodeURIComponent(id)}`,
      });
    }
    if (req.method === "POST" && p === "/v2/post/publish/status/fetch/") {
      if (this.#refuse(res, this.shapes.check("status_fetch_request", body))) return;
      const pub = this.#publishes.get((body as { publish_id: string }).publish_id);
      if (!pub) return this.#v2Error(res, 400, "invalid_publish_id");
      if (pub.received < pub.size || pub.polls++ < this.processingPolls) {
        return this.#v2(res, "status_fetch_answer", {
          status: "PROCESSING_UPLOAD",
          uploaded_bytes: pub.received,
        });
      }
      // A private post (SELF_ONLY) gets no public id (the reference: only public posts are given one). The id is
      // an int64 written as a JSON number, as TikTok does: beyond a JavaScript number's exact range.
      pub.postId ??= String(7_450_000_000_000_000_000n + BigInt(++this.#seq));
      const data = {
        status: "PUBLISH_COMPLETE",
        publicaly_available_post_id: pub.privacy === "SELF_ONLY" ? [] : [0],
        uploaded_bytes: pub.received,
      };
      this.problems.push(
        ...this.shapes.check("status_fetch_answer", {
          data,
          error: { code: "ok", message: "", log_id: "x" },
        }),
      );
      const text = JSON.stringify({ data, error: { code: "ok", message: "", log_id: logId() } }).replace(
        '"publicaly_available_post_id":[0]',
        `"publicaly_available_post_id":[${pub.postId}]`,
      );
      return this.send(res, 200, text, { "content-type": "application/json" });
    }
    this.#v2Error(res, 404, "invalid_params");
  }

  #upload(req: IncomingMessage, url: URL, raw: Buffer, res: ServerResponse) {
    const pub = this.#publishes.get(decodeURIComponent(url.pathname.slice("/upload/".length)));
    const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(req.headers["content-range"] ?? ""));
    if (req.method !== "PUT" || !pub || !range) {
      this.problems.push(`upload: ${req.method} ${req.headers["content-range"]}`);
      return this.send(res, 400, {});
    }
    if (!String(req.headers["content-type"]).startsWith("video/")) this.problems.push("upload: content-type");
    if (Number(range[3]) !== pub.size || raw.length !== Number(range[2]) - Number(range[1]) + 1) {
      this.problems.push(`upload: range ${range[0]} for ${raw.length} bytes of ${pub.size}`);
    }
    pub.received += raw.length;
    res.writeHead(201).end();
  }

  // ---- API for Business --------------------------------------------------------------------------------------

  #business(req: IncomingMessage, url: URL, res: ServerResponse) {
    const envelope = (code: number, message: string, data?: unknown) => {
      const body = { code, message, request_id: logId(), ...(data === undefined ? {} : { data }) };
      this.#answer(res, "business_comment_list_answer", 200, body);
    };
    if (req.headers.authorization) this.problems.push("business: the token goes in Access-Token");
    const who = this.#who(req, "access-token");
    if (!who) return envelope(40105, "The access token is invalid or has expired.");
    if (url.pathname !== "/open_api/v1.3/business/comment/list/" || req.method !== "GET") {
      return this.send(res, 404, {});
    }
    const query = Object.fromEntries(url.searchParams);
    const found = this.shapes.check("business_comment_list_query", query);
    if (found.length > 0) {
      this.problems.push(...found);
      return envelope(40002, "Invalid parameters");
    }
    if (!who.login.business || !who.scope.includes("comment.list")) {
      return envelope(40001, "No permission to access this business account's comments.");
    }
    if (query.business_id !== who.login.open_id) return envelope(40001, "Not the token's account.");
    const video = who.login.videos.find((v) => v.id === query.video_id);
    if (!video || this.deletedVideos.has(video.id)) return this.send(res, 404, {});
    const all = this.comments
      .filter((c) => c.video_id === video.id && (query.include_replies === "true" || !c.parent_comment_id))
      .sort((a, b) => b.create_time - a.create_time);
    const from = Number(query.cursor ?? 0);
    const size = Math.min(Number(query.max_count ?? 20), this.commentPageSize);
    const page = all.slice(from, from + size).map((c) => ({
      comment_id: c.comment_id,
      video_id: c.video_id,
      user_id: c.user_id,
      username: c.username,
      display_name: c.display_name,
      text: c.text,
      create_time: String(c.create_time),
      likes: 0,
      replies: 0,
      owner: c.user_id === who.login.open_id,
      status: "PUBLIC",
      ...(c.parent_comment_id ? { parent_comment_id: c.parent_comment_id } : {}),
    }));
    envelope(0, "OK", { comments: page, cursor: from + page.length, has_more: from + size < all.length });
  }
}
