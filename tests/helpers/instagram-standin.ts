/**
 * A stand-in for Instagram Login and the Instagram Graph API (graph.instagram.com) on 127.0.0.1, for the tests of
 * api/drivers/instagram.
 *
 * Every Graph request and answer is checked against Meta's official SDK (facebook-nodejs-business-sdk, pinned by
 * the lock file): the `fields` a request asks for, and every key of every object answered, must be among the
 * `Fields` of the object's class (IGUserForIGOnlyAPI, IGMediaForIGOnlyAPI, IGComment with its `replies` edge,
 * ShadowIGMediaBuilder for a container, ContentPublishingLimitResponse, IGAccessTokenForIGOnlyAPI,
 * IGRefreshAccessTokenForIGOnlyAPI); an unknown field or query parameter is kept in `problems` (tests assert
 * there are none) and answered as Meta does (400, code 100). The OAuth pages follow Meta's Instagram Login
 * documentation (Meta publishes no machine description of them): checked by hand.
 *
 * Failure paths switched on by the test: a Graph error for the next calls (`failNext`: rate limits 4/17/32/613
 * with the usage header, 190, 10/200), deleted media, a container that never finishes (or ends in ERROR), a spent
 * publishing limit, a refused refresh.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { CodeStore, consentPage, fieldsOf as formFields, redirectFromConsent } from "./standin-consent.ts";
import { escapeHtml, StandInServer } from "./standin-server.ts";

const sdk = createRequire(import.meta.url)("facebook-nodejs-business-sdk") as Record<
  string,
  { Fields: Record<string, string> }
>;
const fieldsOf = (name: string): Set<string> => {
  const cls = sdk[name];
  if (!cls) throw new Error(`facebook-nodejs-business-sdk has no ${name}`);
  return new Set(Object.keys(cls.Fields));
};
/**
 * The SDK's field lists, and the edges a field list may expand (`replies{...}`). Through a Facebook Page (the IG
 * endpoints on graph.facebook.com, tests/helpers/meta-standin.ts) the user and media are IGUser and IGMedia.
 */
const THROUGH_PAGE = { user: fieldsOf("IGUser"), media: fieldsOf("IGMedia") };
export const PUBLISHED = {
  user: fieldsOf("IGUserForIGOnlyAPI"),
  media: fieldsOf("IGMediaForIGOnlyAPI"),
  comment: fieldsOf("IGComment"),
  container: fieldsOf("ShadowIGMediaBuilder"),
  limit: fieldsOf("ContentPublishingLimitResponse"),
  accessToken: fieldsOf("IGAccessTokenForIGOnlyAPI"),
  refreshToken: fieldsOf("IGRefreshAccessTokenForIGOnlyAPI"),
};
const EDGES: Record<string, Record<string, keyof typeof PUBLISHED>> = {
  comment: { replies: "comment" },
  media: {},
  user: {},
  container: {},
  limit: {},
};

export type StandInUser = { id: string; username: string; name: string; account_type: string };
export type StandInMedia = {
  id: string;
  owner: string;
  shortcode: string;
  caption: string;
  timestamp: string;
  deleted?: boolean;
};
export type StandInComment = {
  id: string;
  media: string;
  parent: string | null;
  from: { id: string; username: string };
  text: string;
  timestamp: string;
};
type Container = { id: string; owner: string; caption: string; children: string[]; fetched: boolean };
/** `after`: how many Graph calls go through before the failures start. */
type GraphFailure = {
  status: number;
  code: number;
  subcode?: number;
  usage?: string;
  times: number;
  after?: number;
};

const token = (prefix: string) => `${prefix}${randomBytes(18).toString("base64url")}`;

export class InstagramStandIn extends StandInServer {
  readonly clientId = "1234567890123456";
  readonly clientSecret = `igsecret${randomBytes(10).toString("hex")}`;
  readonly verifyToken = `verify-${randomBytes(6).toString("hex")}`;
  readonly users = new Map<string, StandInUser>();
  readonly media: StandInMedia[] = [];
  readonly comments: StandInComment[] = [];
  readonly containers = new Map<string, Container>();
  readonly messages: { from: string; comment_id: string; text: string }[] = [];
  redirectUris = new Set<string>();
  /** Which user the consent page signs in as. */
  consentAs = "";
  pageSize = 50;
  /** How the public media URL of a container is fetched (the app's own request, in the API tests). */
  fetchMedia: (url: string) => Promise<Response> = (url) => fetch(url);

  // Failure switches.
  failNext: GraphFailure | null = null;
  containerStatus: "FINISHED" | "IN_PROGRESS" | "ERROR" = "FINISHED";
  publishingUsed = 0;
  refreshRefused = false;
  longLivedSeconds = 5_184_000;

  readonly #codes = new CodeStore<{ user: string; redirect: string }>();
  /** Live tokens: short-lived (exchange only) and long-lived (API). */
  readonly #tokens = new Map<string, { user: string; long: boolean; expires: number }>();
  /** Meta's ids are 17 digits, past a double's exact integers: counted as a BigInt, so no two are ever the same. */
  #seq = 17_800_000_000_000_000n;

  /** The env a test app gets: INSTAGRAM_* pointing here. */
  env(): Record<string, string> {
    return {
      INSTAGRAM_CLIENT_ID: this.clientId,
      INSTAGRAM_CLIENT_SECRET: this.clientSecret,
      INSTAGRAM_AUTH_URL: `${this.url}/oauth/authorize`,
      INSTAGRAM_TOKEN_URL: `${this.url}/oauth/access_token`,
      INSTAGRAM_REVOKE_URL: `${this.url}/v21.0/me/permissions`,
      INSTAGRAM_API_URL: `${this.url}/v21.0`,
      INSTAGRAM_WEBHOOK_VERIFY_TOKEN: this.verifyToken,
    };
  }

  nextId(): string {
    this.#seq += BigInt(1 + Math.floor(Math.random() * 1000));
    return this.#seq.toString();
  }

  addUser(u: StandInUser): StandInUser {
    this.users.set(u.id, u);
    if (!this.consentAs) this.consentAs = u.id;
    return u;
  }

  addMedia(owner: string, shortcode: string, caption: string, timestamp: string): StandInMedia {
    const m = { id: this.nextId(), owner, shortcode, caption, timestamp };
    this.media.unshift(m);
    return m;
  }

  comment(
    media: string,
    from: { id: string; username: string },
    text: string,
    timestamp: string,
    parent: string | null = null,
  ): StandInComment {
    const c = { id: this.nextId(), media, parent, from, text, timestamp };
    this.comments.push(c);
    return c;
  }

  /**
   * A webhook delivery as Meta sends it for Instagram `comments` (object "instagram", one entry of one change),
   * and its X-Hub-Signature-256 over the raw body with the app secret.
   */
  commentDelivery(c: StandInComment, account: string): { body: string; signature: string } {
    const body = JSON.stringify({
      object: "instagram",
      entry: [
        {
          id: account,
          time: Math.floor(Date.parse(c.timestamp) / 1000),
          changes: [
            {
              field: "comments",
              value: {
                from: c.from,
                media: { id: c.media, media_product_type: "FEED" },
                id: c.id,
                ...(c.parent ? { parent_id: c.parent } : {}),
                text: c.text,
              },
            },
          ],
        },
      ],
    });
    const signature = `sha256=${createHmac("sha256", this.clientSecret).update(body).digest("hex")}`;
    return { body, signature };
  }

  /** Every token the stand-in gave (for the tests that look for them in clear text). */
  issuedTokens(): string[] {
    return [...this.#tokens.keys()];
  }
  /** Every token stops working (the person removed the app): the next call answers 190. */
  revokeAll(): void {
    this.#tokens.clear();
  }

  /** How many requests of `method` on a path matching `pathPattern` it received (through a Page too). */
  callsMatching(method: string, pathPattern: RegExp): number {
    return this.log.filter((l) => l.method === method && pathPattern.test(l.path)).length;
  }

  /** A Graph error as Meta answers it. */
  #error(
    res: ServerResponse,
    status: number,
    code: number,
    message: string,
    extra: Record<string, unknown> = {},
  ) {
    this.send(res, status, {
      error: { message, type: "OAuthException", code, ...extra, fbtrace_id: "AbCdEfGh" },
    });
  }

  protected async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", this.url);
    const body = (await this.receive(req, url)).toString("utf8");
    // The query too: the long-lived token exchange carries the token there.
    this.wire.push(url.search);
    if (url.pathname === "/oauth/authorize") return this.#authorize(url, res);
    if (url.pathname === "/oauth/consent") return this.#consent(new URLSearchParams(body), res);
    if (url.pathname === "/oauth/access_token") return this.#shortLived(req, new URLSearchParams(body), res);
    if (url.pathname === "/access_token" || url.pathname === "/refresh_access_token")
      return this.#longLived(url, res);
    if (url.pathname.startsWith("/v21.0/")) return this.#graph(req, url, body, res);
    this.send(res, 404, { error: { message: "Unknown path", code: 100 } });
  }

  // ---- Instagram Login -----------------------------------------------------------------------------------

  #authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const wrong: string[] = [];
    if (q.get("client_id") !== this.clientId) wrong.push("client_id");
    if (q.get("response_type") !== "code") wrong.push("response_type");
    if (!q.get("state")) wrong.push("state");
    if (!this.redirectUris.has(q.get("redirect_uri") ?? "")) wrong.push("redirect_uri");
    const scopes = (q.get("scope") ?? "").split(",");
    for (const s of ["instagram_business_basic", "instagram_business_manage_comments"])
      if (!scopes.includes(s)) wrong.push(`scope ${s}`);
    if (wrong.length > 0) {
      this.problems.push(`authorize: ${wrong.join(", ")}`);
      return this.send(res, 400, `<p>Invalid request: ${escapeHtml(wrong.join(", "))}</p>`);
    }
    const page = consentPage({
      title: "Instagram",
      heading: "Allow Fairdraw to access your Instagram account?",
      signedIn: `Logged in as ${this.users.get(this.consentAs)?.username ?? ""}`,
      action: "/oauth/consent",
      hidden: formFields(q, ["redirect_uri", "state"]),
      allow: "Allow",
    });
    this.send(res, 200, page);
  }

  #consent(form: URLSearchParams, res: ServerResponse) {
    if (form.get("decision") !== "allow")
      return redirectFromConsent(res, form, { error: "access_denied", error_reason: "user_denied" });
    const code = this.#codes.give(token("AQ"), {
      user: this.consentAs,
      redirect: form.get("redirect_uri") ?? "",
    });
    // Instagram appends "#_" to the code in the redirect; the browser drops the fragment.
    redirectFromConsent(res, form, { code });
  }

  #shortLived(req: IncomingMessage, form: URLSearchParams, res: ServerResponse) {
    if (
      req.method !== "POST" ||
      req.headers["content-type"]?.split(";")[0] !== "application/x-www-form-urlencoded"
    )
      this.problems.push("oauth/access_token: not a form POST");
    const unknown = [...form.keys()].filter(
      (k) => !["client_id", "client_secret", "grant_type", "redirect_uri", "code"].includes(k),
    );
    if (unknown.length) this.problems.push(`oauth/access_token: unknown ${unknown.join(",")}`);
    if (form.get("client_id") !== this.clientId || form.get("client_secret") !== this.clientSecret)
      return this.send(res, 400, {
        error_type: "OAuthException",
        code: 400,
        error_message: "Invalid client",
      });
    const code = this.#codes.take(form.get("code"));
    if (
      !code ||
      code.redirect !== form.get("redirect_uri") ||
      form.get("grant_type") !== "authorization_code"
    ) {
      return this.send(res, 400, {
        error_type: "OAuthException",
        code: 400,
        error_message: "This authorization code has been used",
      });
    }
    const access = token("IGQVJshort");
    this.#tokens.set(access, { user: code.user, long: false, expires: Date.now() + 3_600_000 });
    this.send(res, 200, {
      data: [
        {
          access_token: access,
          user_id: code.user,
          permissions: "instagram_business_basic,instagram_business_manage_comments",
        },
      ],
    });
  }

  #longLived(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const exchange = url.pathname === "/access_token";
    const allowed = exchange
      ? ["grant_type", "client_secret", "access_token"]
      : ["grant_type", "access_token"];
    const unknown = [...q.keys()].filter((k) => !allowed.includes(k));
    if (unknown.length) this.problems.push(`${url.pathname}: unknown ${unknown.join(",")}`);
    const given = this.#tokens.get(q.get("access_token") ?? "");
    const grantOk = q.get("grant_type") === (exchange ? "ig_exchange_token" : "ig_refresh_token");
    const secretOk = !exchange || q.get("client_secret") === this.clientSecret;
    if (!given || !grantOk || !secretOk || given.long !== !exchange || (!exchange && this.refreshRefused)) {
      return this.#error(res, 400, 190, "Error validating access token");
    }
    const access = token("IGAAlong");
    this.#tokens.set(access, {
      user: given.user,
      long: true,
      expires: Date.now() + this.longLivedSeconds * 1000,
    });
    if (!exchange) this.#tokens.delete(q.get("access_token") ?? "");
    const answer = { access_token: access, token_type: "bearer", expires_in: this.longLivedSeconds };
    this.#checkObject(exchange ? "accessToken" : "refreshToken", answer, url.pathname);
    this.send(res, 200, answer);
  }

  // ---- Graph API -----------------------------------------------------------------------------------------

  /** The field list of an object as the host asking publishes it. */
  #published(kind: keyof typeof PUBLISHED): Set<string> {
    return this.#throughPage && (kind === "user" || kind === "media") ? THROUGH_PAGE[kind] : PUBLISHED[kind];
  }

  /** The fields asked (`a,b,replies{c,d}`), checked against the object's published list. */
  #fields(kind: keyof typeof PUBLISHED, text: string | null, where: string): Map<string, string | null> {
    const out = new Map<string, string | null>();
    if (!text) return out;
    for (const m of text.matchAll(/([a-z_]+)(?:\{([^}]*)\})?/g)) {
      const name = m[1] as string;
      const edge = EDGES[kind]?.[name];
      if (edge) {
        this.#fields(edge, m[2] ?? "", `${where} ${name}{}`);
        out.set(name, m[2] ?? "");
      } else if (!this.#published(kind).has(name)) {
        this.problems.push(`${where}: field ${name} is not a field of ${kind} in the SDK`);
      } else out.set(name, null);
    }
    return out;
  }

  /** Every key of an answered object is a published field (or an expanded edge). */
  #checkObject(kind: keyof typeof PUBLISHED, o: Record<string, unknown>, where: string) {
    for (const [k, v] of Object.entries(o)) {
      const edge = EDGES[kind]?.[k];
      if (edge) {
        for (const item of (v as { data: Record<string, unknown>[] }).data)
          this.#checkObject(edge, item, where);
      } else if (!this.#published(kind).has(k))
        this.problems.push(`${where}: answered ${k}, not a field of ${kind}`);
    }
  }

  #params(where: string, q: URLSearchParams, allowed: string[]) {
    for (const k of q.keys())
      if (!allowed.includes(k)) this.problems.push(`${where}: unknown parameter ${k}`);
  }

  /** A page of a list, Meta's cursor paging (cursors are the items' positions, base64). */
  #page<T>(
    items: T[],
    q: URLSearchParams,
    map: (t: T) => Record<string, unknown>,
    kind: keyof typeof PUBLISHED,
    where: string,
  ) {
    const limit = Math.min(Number(q.get("limit") ?? this.pageSize), this.pageSize);
    const from = q.get("after") ? Number(Buffer.from(q.get("after") ?? "", "base64url").toString()) : 0;
    const slice = items.slice(from, from + limit);
    const data = slice.map(map);
    for (const d of data) this.#checkObject(kind, d, where);
    const cursor = (n: number) => Buffer.from(String(n)).toString("base64url");
    const more = from + limit < items.length;
    return {
      data,
      paging: {
        cursors: { before: cursor(from), after: cursor(from + slice.length) },
        ...(more ? { next: `${this.url}${where}?after=${cursor(from + slice.length)}` } : {}),
      },
    };
  }

  #pick(o: Record<string, unknown>, fields: Map<string, string | null>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const k of fields.keys()) if (o[k] !== undefined) out[k] = o[k];
    if (fields.size === 0) out.id = o.id;
    return out;
  }

  #commentObject(c: StandInComment, fields: Map<string, string | null>, q: URLSearchParams) {
    const full: Record<string, unknown> = {
      id: c.id,
      text: c.text,
      timestamp: c.timestamp,
      username: c.from.username,
      from: c.from,
      parent_id: c.parent ?? undefined,
    };
    const out = this.#pick(full, fields);
    if (fields.has("replies")) {
      const inner = this.#fields("comment", fields.get("replies") ?? "", "replies");
      const replies = this.comments.filter((r) => r.parent === c.id);
      out.replies = this.#page(
        replies,
        new URLSearchParams({ limit: String(q.get("replies_limit") ?? 25) }),
        (r) => this.#commentObject(r, inner, q),
        "comment",
        `/v21.0/${c.id}/replies`,
      );
    }
    return out;
  }

  async #graph(req: IncomingMessage, url: URL, body: string, res: ServerResponse) {
    const auth = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
    if (url.searchParams.has("access_token")) this.problems.push(`${url.pathname}: token in the URL`);
    const session = auth ? this.#tokens.get(auth) : undefined;
    if (!session || session.expires < Date.now() || !session.long) {
      return this.#error(res, 400, 190, "Error validating access token: Session has expired");
    }
    if (this.failNext?.after) this.failNext.after--;
    else if (this.failNext && this.failNext.times > 0) {
      this.failNext.times--;
      const f = this.failNext;
      const headers: Record<string, string> = f.usage ? { "x-business-use-case-usage": f.usage } : {};
      this.wire.push(JSON.stringify(headers));
      return this.send(
        res,
        f.status,
        {
          error: {
            message: "Failure on demand",
            type: "OAuthException",
            code: f.code,
            ...(f.subcode ? { error_subcode: f.subcode } : {}),
            fbtrace_id: "x",
          },
        },
        headers,
      );
    }
    return this.#answer(req, url, body, res, session.user);
  }

  /** Whether the call being answered came through a Facebook Page (graph.facebook.com, a Page's token). */
  #throughPage = false;

  /**
   * The IG endpoints answered for a Facebook Page's token on graph.facebook.com (tests/helpers/meta-standin.ts):
   * the same objects and checks, the fields of IGUser and IGMedia, `me` the Page's Instagram business account.
   */
  async answerThroughPage(req: IncomingMessage, url: URL, body: string, res: ServerResponse, me: string) {
    this.log.push({
      method: req.method ?? "",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
    });
    this.#throughPage = true;
    try {
      return await this.#answer(req, url, body, res, me);
    } finally {
      this.#throughPage = false;
    }
  }

  /** Whether an id is one of this world's (a user, a media, a comment, a container). */
  owns(id: string): boolean {
    return (
      this.users.has(id) ||
      this.media.some((m) => m.id === id) ||
      this.comments.some((c) => c.id === id) ||
      this.containers.has(id)
    );
  }

  async #answer(req: IncomingMessage, url: URL, body: string, res: ServerResponse, me: string) {
    const q = url.searchParams;
    const [, , id = "", edge = ""] = url.pathname.split("/");
    const form = req.headers["content-type"]?.startsWith("application/json")
      ? new URLSearchParams()
      : new URLSearchParams(body);
    const where = `${req.method} ${url.pathname.replace(/\d{6,}/g, "{id}")}`;
    const notFound = () =>
      this.#error(res, 400, 100, "Unsupported get request. Object does not exist", { error_subcode: 33 });

    // /me and /{user}
    if (req.method === "DELETE" && id === "me" && edge === "permissions")
      return this.send(res, 200, { success: true });
    const userId = id === "me" ? me : id;
    const user = this.users.get(userId);
    if (user && !edge && req.method === "GET") {
      this.#params(where, q, ["fields"]);
      const fields = this.#fields("user", q.get("fields"), where);
      // Instagram Login's /me is the app-scoped user with the account's user_id; an IGUser is its own id.
      const full = this.#throughPage
        ? { id: user.id, username: user.username, name: user.name, profile_picture_url: null }
        : {
            id: `app${user.id}`,
            user_id: user.id,
            username: user.username,
            name: user.name,
            account_type: user.account_type,
            profile_picture_url: null,
          };
      const out = this.#pick(full, fields);
      this.#checkObject("user", out, where);
      return this.send(res, 200, out);
    }
    if (user && userId !== me) return this.#error(res, 403, 200, "Permissions error");
    if (user && edge === "media" && req.method === "GET") {
      this.#params(where, q, ["fields", "limit", "after", "before"]);
      const fields = this.#fields("media", q.get("fields"), where);
      const list = this.media.filter((m) => m.owner === userId && !m.deleted);
      return this.send(
        res,
        200,
        this.#page(list, q, (m) => this.#pick(this.#mediaObject(m), fields), "media", url.pathname),
      );
    }
    if (user && edge === "media" && req.method === "POST")
      return this.#createContainer(userId, form, where, res);
    if (user && edge === "media_publish" && req.method === "POST") {
      this.#params(where, form, ["creation_id"]);
      const c = this.containers.get(form.get("creation_id") ?? "");
      if (!c || c.owner !== userId) return notFound();
      if (this.containerStatus !== "FINISHED")
        return this.#error(res, 400, 9007, "Media ID is not available", { error_subcode: 2207027 });
      const m = this.addMedia(
        userId,
        token("C").slice(0, 11),
        c.caption,
        new Date().toISOString().replace(/\.\d+Z$/, "+0000"),
      );
      this.containers.delete(c.id);
      this.publishingUsed++;
      return this.send(res, 200, { id: m.id });
    }
    if (user && edge === "content_publishing_limit") {
      this.#params(where, q, ["fields", "since"]);
      const fields = this.#fields("limit", q.get("fields"), where);
      const row = this.#pick(
        { quota_usage: this.publishingUsed, config: { quota_total: 100, quota_duration: 86400 } },
        fields,
      );
      return this.send(res, 200, { data: [row] });
    }
    if (user && edge === "messages" && req.method === "POST") {
      const msg = JSON.parse(body || "{}") as {
        recipient?: { comment_id?: string };
        message?: { text?: string };
      };
      const keys = Object.keys(msg).filter((k) => k !== "recipient" && k !== "message");
      if (keys.length || !msg.recipient?.comment_id || typeof msg.message?.text !== "string")
        this.problems.push(`${where}: not a private reply (${body})`);
      const c = this.comments.find((x) => x.id === msg.recipient?.comment_id);
      if (!c) return notFound();
      const days = (Date.now() - Date.parse(c.timestamp)) / 86_400_000;
      if (days > 7)
        return this.#error(res, 400, 10, "This message is sent outside of allowed window", {
          error_subcode: 2534022,
        });
      this.messages.push({ from: userId, comment_id: c.id, text: msg.message?.text ?? "" });
      return this.send(res, 200, { recipient_id: c.from.id, message_id: token("aWdfZAG") });
    }

    // A container.
    const container = this.containers.get(id);
    if (container && !edge) {
      this.#params(where, q, ["fields"]);
      const fields = this.#fields("container", q.get("fields"), where);
      const status = this.containerStatus;
      const out = this.#pick(
        {
          id,
          status_code: status,
          status: status === "ERROR" ? "Error: media could not be fetched" : status,
        },
        fields,
      );
      return this.send(res, 200, out);
    }

    // A media, its comments.
    const media = this.media.find((m) => m.id === id);
    if (media) {
      if (media.deleted) return notFound();
      if (media.owner !== me)
        return this.#error(res, 400, 10, "Application does not have permission for this action");
      if (!edge && req.method === "GET") {
        this.#params(where, q, ["fields"]);
        const out = this.#pick(this.#mediaObject(media), this.#fields("media", q.get("fields"), where));
        this.#checkObject("media", out, where);
        return this.send(res, 200, out);
      }
      if (edge === "comments" && req.method === "GET") {
        this.#params(where, q, ["fields", "limit", "after", "before"]);
        const fields = this.#fields("comment", q.get("fields"), where);
        const top = this.comments.filter((c) => c.media === id && !c.parent);
        return this.send(
          res,
          200,
          this.#page(top, q, (c) => this.#commentObject(c, fields, q), "comment", url.pathname),
        );
      }
      if (edge === "comments" && req.method === "POST") {
        this.#params(where, form, ["message"]);
        const owner = this.users.get(me);
        const c = this.comment(
          id,
          { id: me, username: owner?.username ?? "" },
          form.get("message") ?? "",
          new Date().toISOString(),
        );
        return this.send(res, 200, { id: c.id });
      }
    }
    const parent = this.comments.find((c) => c.id === id);
    if (parent && edge === "replies" && req.method === "GET") {
      this.#params(where, q, ["fields", "limit", "after", "before"]);
      const fields = this.#fields("comment", q.get("fields"), where);
      const replies = this.comments.filter((c) => c.parent === id);
      return this.send(
        res,
        200,
        this.#page(replies, q, (c) => this.#commentObject(c, fields, q), "comment", url.pathname),
      );
    }
    return notFound();
  }

  #mediaObject(m: StandInMedia): Record<string, unknown> {
    const owner = this.users.get(m.owner);
    return {
      id: m.id,
      shortcode: m.shortcode,
      caption: m.caption,
      timestamp: m.timestamp,
      username: owner?.username,
      permalink: `https://www.instagram.com/p/${m.shortcode}/`,
      comments_count: this.comments.filter((c) => c.media === m.id).length,
      media_type: "IMAGE",
      owner: { id: m.owner },
    };
  }

  async #createContainer(userId: string, form: URLSearchParams, where: string, res: ServerResponse) {
    this.#params(where, form, [
      "image_url",
      "video_url",
      "media_type",
      "caption",
      "is_carousel_item",
      "children",
    ]);
    const mediaUrl = form.get("image_url") ?? form.get("video_url");
    const children = (form.get("children") ?? "").split(",").filter(Boolean);
    if (form.get("media_type") === "CAROUSEL") {
      if (children.some((c) => !this.containers.has(c)))
        this.problems.push(`${where}: unknown carousel child`);
    } else {
      if (!mediaUrl) return this.#error(res, 400, 100, "The parameter image_url is required");
      // Meta fetches the media from its URL: it must answer the bytes, now.
      const got = await this.fetchMedia(mediaUrl);
      const type = got.headers.get("content-type") ?? "";
      if (got.status !== 200 || !(type.startsWith("image/jpeg") || type.startsWith("video/")))
        return this.#error(res, 400, 9004, "Only photo or video can be accepted as media type", {
          error_subcode: 2207052,
        });
    }
    const c: Container = {
      id: this.nextId(),
      owner: userId,
      caption: form.get("caption") ?? "",
      children,
      fetched: true,
    };
    this.containers.set(c.id, c);
    return this.send(res, 200, { id: c.id });
  }
}
