/**
 * A stand-in for Facebook Login and the Graph API for Pages on 127.0.0.1, for the tests of api/drivers/facebook,
 * the OAuth connect flow and the Meta webhooks.
 *
 * Every Graph request's `fields`, and every object it answers, is checked against the field lists of Meta's
 * official SDK (node_modules/facebook-nodejs-business-sdk/src/objects/{user,page,page-post,comment,profile}.js,
 * `static get Fields`, pinned by the lock file): a field the object does not have, asked or answered, is kept in
 * `problems` (tests assert there are none) and answered 400 as Graph does (code 100). Each edge's query
 * parameters are checked against the ones Graph documents for it. The OAuth endpoints follow Facebook Login's
 * manual flow (dialog, code exchange, fb_exchange_token for the long-lived token), checked by hand.
 *
 * Failure paths switched on by the test: rate limits (codes 4, 17, 32, 613, with X-App-Usage /
 * X-Business-Use-Case-Usage headers), every token refused (190), a permission missing (200 or 10) on an edge, a
 * deleted post (100/33).
 */
import { createHmac, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { GRAPH_VERSION } from "../../api/drivers/shared/meta-graph";
import type { InstagramStandIn } from "./instagram-standin";
import { CodeStore, consentPage, fieldsOf, redirectFromConsent } from "./standin-consent.ts";
import { StandInServer } from "./standin-server.ts";

const SDK = path.resolve("node_modules/facebook-nodejs-business-sdk/src/objects");

/** The `Fields` (or another frozen list, `getter`) of one SDK object, read from its source. */
export function sdkFields(file: string, getter = "Fields"): Set<string> {
  const source = readFileSync(path.join(SDK, file), "utf8");
  const block = source.match(
    new RegExp(`static get ${getter} \\(\\)[^{]*\\{\\s*return Object\\.freeze\\(\\{([\\s\\S]*?)\\}\\);`),
  )?.[1];
  if (!block) throw new Error(`no ${getter} in ${file}`);
  return new Set([...block.matchAll(/^\s*(\w+):/gm)].map((m) => m[1] as string));
}

type ObjectType = "User" | "Page" | "PagePost" | "Comment" | "Profile";
/** The IG User fields a Page's instagram_business_account{...} may ask (IGUser). */
const IG_USER = sdkFields("ig-user.js");
const FIELDS: Record<ObjectType, Set<string>> = {
  User: sdkFields("user.js"),
  Page: sdkFields("page.js"),
  PagePost: sdkFields("page-post.js"),
  Comment: sdkFields("comment.js"),
  Profile: sdkFields("profile.js"),
};

/** The query parameters Graph documents per edge (besides `fields`, `limit`, `after`, `before`). */
const EDGE_PARAMS: Record<string, string[]> = {
  object: [],
  "me/accounts": [],
  "page/feed": [],
  "post/comments": ["filter", "order", "summary"],
  "post/reactions": ["type", "summary"],
};
const PAGING = ["fields", "limit", "after", "before"];
/** The webhook fields a Page may subscribe an app to (Page.SubscribedFields). */
const SUBSCRIBED_FIELDS = sdkFields("page.js", "SubscribedFields");
const REACTION_TYPES = [
  "NONE",
  "LIKE",
  "LOVE",
  "WOW",
  "HAHA",
  "SORRY",
  "SAD",
  "ANGRY",
  "THANKFUL",
  "PRIDE",
  "CARE",
];

/** `instagram`: the id of the Instagram business account connected to the Page (an InstagramStandIn user). */
export type StandInPage = { id: string; name: string; username: string; link: string; instagram?: string };
export type StandInPost = {
  id: string;
  page: string;
  message: string;
  created_time: string;
  photos: string[];
};
export type StandInComment = {
  id: string;
  post: string;
  from: { id: string; name: string };
  message: string;
  created_time: string;
};
type Login = { id: string; name: string; pages: string[] };
type Token = { kind: "short" | "user" | "page"; login: string; page?: string; expires: number };

const token = (prefix: string) => `${prefix}${randomBytes(18).toString("base64url")}`;

export class MetaStandIn extends StandInServer {
  readonly appId = "1234567890";
  readonly appSecret = `metasecret-${randomBytes(12).toString("hex")}`;
  readonly verifyToken = `verify-${randomBytes(6).toString("hex")}`;
  readonly redirectUris = new Set<string>();
  readonly scopesRequired = [
    "pages_show_list",
    "pages_read_engagement",
    "pages_read_user_content",
    "pages_manage_posts",
    "pages_manage_engagement",
    "pages_messaging",
  ];
  /**
   * The permissions Meta documents for Instagram through a Facebook Page (the Instagram Platform with Facebook
   * Login): a consent asking them all is the Instagram one.
   */
  readonly instagramScopesRequired = [
    "instagram_basic",
    "instagram_content_publish",
    "instagram_manage_comments",
    "instagram_manage_messages",
    "pages_show_list",
    "pages_read_engagement",
  ];
  /** The Instagram world whose business accounts the Pages connect (their IG endpoints answered here). */
  instagram: InstagramStandIn | null = null;

  readonly logins = new Map<string, Login>();
  readonly pages = new Map<string, StandInPage>();
  readonly posts = new Map<string, StandInPost>();
  readonly comments: StandInComment[] = [];
  /** Reactions by post: person → { name, type }. */
  readonly reactions = new Map<string, Map<string, { name: string; type: string }>>();
  readonly messages: { page: string; comment_id: string; text: string; id: string }[] = [];
  readonly photos: { page: string; id: string; bytes: number }[] = [];
  readonly deleted = new Set<string>();
  /** Pages that subscribed the app to their webhook fields. */
  readonly subscribed = new Map<string, string>();
  /** Which login the consent dialog signs in as. */
  consentAs = "olive";
  pageSize = 100;
  /** Seconds the long-lived user token lives. */
  longLivedSeconds = 60 * 86_400;

  // Failure switches.
  rateLimitNext: { code: number; times: number; headers?: Record<string, string> } | null = null;
  tokensDead = false;
  permissionMissing: { edge: string; code: number } | null = null;

  readonly #codes = new CodeStore<{ login: string; redirect: string }>();
  readonly #tokens = new Map<string, Token>();
  #seq = 0;

  /** The env a test app gets: FACEBOOK_* pointing here. */
  env(): Record<string, string> {
    return {
      FACEBOOK_CLIENT_ID: this.appId,
      FACEBOOK_CLIENT_SECRET: this.appSecret,
      FACEBOOK_AUTH_URL: `${this.url}/${GRAPH_VERSION}/dialog/oauth`,
      FACEBOOK_TOKEN_URL: `${this.url}/${GRAPH_VERSION}/oauth/access_token`,
      FACEBOOK_REVOKE_URL: `${this.url}/${GRAPH_VERSION}/me/permissions`,
      FACEBOOK_API_URL: `${this.url}/${GRAPH_VERSION}`,
      FACEBOOK_WEBHOOK_VERIFY_TOKEN: this.verifyToken,
    };
  }

  addLogin(name: string, id: string, pages: StandInPage[]): Login {
    for (const p of pages) this.pages.set(p.id, p);
    const login = { id, name, pages: pages.map((p) => p.id) };
    this.logins.set(name, login);
    return login;
  }

  addPost(page: string, message: string, createdTime: string): StandInPost {
    const id = `${page}_${String(++this.#seq).padStart(10, "0")}`;
    const post = { id, page, message, created_time: createdTime, photos: [] };
    this.posts.set(id, post);
    return post;
  }

  comment(
    post: string,
    from: { id: string; name: string },
    message: string,
    createdTime: string,
  ): StandInComment {
    const c = {
      id: `${post.split("_")[1]}_${String(++this.#seq).padStart(8, "0")}`,
      post,
      from,
      message,
      created_time: createdTime,
    };
    this.comments.push(c);
    return c;
  }

  react(post: string, person: { id: string; name: string }, type: string): void {
    const list = this.reactions.get(post) ?? new Map();
    list.set(person.id, { name: person.name, type });
    this.reactions.set(post, list);
  }

  /** A webhook delivery as Meta signs it (X-Hub-Signature-256 with the app secret). */
  signed(body: unknown): { body: string; signature: string } {
    const text = JSON.stringify(body);
    return {
      body: text,
      signature: `sha256=${createHmac("sha256", this.appSecret).update(text).digest("hex")}`,
    };
  }

  // ---- HTTP ----------------------------------------------------------------------------------------------------

  #error(res: ServerResponse, status: number, code: number, message: string, sub?: number, headers = {}) {
    this.send(
      res,
      status,
      {
        error: {
          message,
          type: code === 190 ? "OAuthException" : "GraphMethodException",
          code,
          ...(sub ? { error_subcode: sub } : {}),
          fbtrace_id: `A${randomBytes(6).toString("hex")}`,
        },
      },
      headers,
    );
  }

  protected async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", this.url);
    const type = req.headers["content-type"] ?? "";
    const raw = await this.receive(req, url, { binary: type.startsWith("multipart/") });
    // The query too: a token there is in clear text.
    this.wire.push(url.search);
    const v = `/${GRAPH_VERSION}`;
    if (!url.pathname.startsWith(`${v}/`)) return this.send(res, 404, { error: { message: "Unknown path" } });
    const rest = url.pathname.slice(v.length + 1);
    if (rest === "dialog/oauth") return this.#dialog(url, res);
    if (rest === "dialog/consent") return this.#consent(new URLSearchParams(raw.toString("utf8")), res);
    if (rest === "oauth/access_token")
      return this.#token(req, new URLSearchParams(raw.toString("utf8")), res);
    if (url.searchParams.has("access_token")) this.problems.push(`${rest}: a token in the URL`);
    return this.#graph(req, url, rest, raw, type, res);
  }

  // ---- Facebook Login -------------------------------------------------------------------------------------------

  #dialog(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const wrong: string[] = [];
    if (q.get("client_id") !== this.appId) wrong.push("client_id");
    if (q.get("response_type") !== "code") wrong.push("response_type");
    if (!q.get("state")) wrong.push("state");
    if (!this.redirectUris.has(q.get("redirect_uri") ?? "")) wrong.push("redirect_uri");
    const scopes = (q.get("scope") ?? "").split(/[ ,]+/);
    const wanted = scopes.includes("instagram_basic") ? this.instagramScopesRequired : this.scopesRequired;
    for (const s of wanted) if (!scopes.includes(s)) wrong.push(`scope ${s}`);
    if (wrong.length > 0) {
      this.problems.push(`dialog: ${wrong.join(", ")}`);
      return this.send(res, 400, `<p>Invalid request (${wrong.join(", ")})</p>`);
    }
    const page = consentPage({
      title: "Log in with Facebook",
      heading: "Fairdraw is requesting access to your Pages",
      signedIn: `Logged in as ${this.consentAs}`,
      action: `/${GRAPH_VERSION}/dialog/consent`,
      hidden: fieldsOf(q, ["redirect_uri", "state"]),
      allow: "Continue",
    });
    this.send(res, 200, page);
  }

  #consent(form: URLSearchParams, res: ServerResponse) {
    if (form.get("decision") !== "allow")
      return redirectFromConsent(res, form, { error: "access_denied", error_reason: "user_denied" });
    const code = this.#codes.give(token("AQ"), {
      login: this.consentAs,
      redirect: form.get("redirect_uri") ?? "",
    });
    redirectFromConsent(res, form, { code });
  }

  #token(req: IncomingMessage, form: URLSearchParams, res: ServerResponse) {
    if (
      req.method !== "POST" ||
      !req.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")
    ) {
      this.problems.push("access_token: not a form POST");
    }
    if (form.get("client_id") !== this.appId || form.get("client_secret") !== this.appSecret) {
      return this.#error(res, 400, 1, "Error validating client secret.");
    }
    if (form.get("grant_type") === "fb_exchange_token") {
      const short = this.#tokens.get(form.get("fb_exchange_token") ?? "");
      if (short?.kind !== "short" || this.tokensDead) {
        return this.#error(res, 400, 190, "Error validating access token.");
      }
      return this.send(res, 200, this.#issue("user", short.login, this.longLivedSeconds));
    }
    const code = this.#codes.take(form.get("code"));
    if (!code || code.redirect !== form.get("redirect_uri")) {
      return this.#error(res, 400, 100, "This authorization code has been used.", 36009);
    }
    return this.send(res, 200, this.#issue("short", code.login, 3600));
  }

  #issue(kind: Token["kind"], login: string, seconds: number, page?: string) {
    const t = token(kind === "page" ? "EAAP" : "EAAU");
    this.#tokens.set(t, { kind, login, expires: Date.now() + seconds * 1000, ...(page ? { page } : {}) });
    return { access_token: t, token_type: "bearer", expires_in: seconds };
  }

  /** Every token issued, for the tests that look for them where they must not be. */
  issuedTokens(): string[] {
    return [...this.#tokens.keys()];
  }

  // ---- Graph API -----------------------------------------------------------------------------------------------

  /**
   * A private reply to a comment on the Page's Instagram account (Messenger Platform's Instagram private replies:
   * the Page's /messages, recipient.comment_id, within 7 days, once per comment): kept in the Instagram world.
   */
  #privateReplyOnInstagram(
    res: ServerResponse,
    page: StandInPage,
    comment: { id: string; media: string; timestamp: string; from: { id: string } },
    body: { message?: { text?: string } },
  ) {
    const ig = this.instagram;
    const media = ig?.media.find((m) => m.id === comment.media);
    if (!ig || media?.owner !== page.instagram || typeof body.message?.text !== "string") {
      this.problems.push(`messages: not a private reply to the Page's Instagram (${comment.id})`);
      return this.#error(res, 400, 100, "(#100) Invalid recipient");
    }
    if (ig.messages.some((m) => m.comment_id === comment.id))
      return this.#error(res, 400, 10900, "Activity already replied to");
    if (Date.now() - Date.parse(comment.timestamp) > 7 * 86_400_000)
      return this.#error(res, 400, 10903, "This message is sent outside of allowed window.");
    ig.messages.push({ from: page.instagram ?? "", comment_id: comment.id, text: body.message.text });
    return this.send(res, 200, {
      recipient_id: comment.from.id,
      message_id: `m_${randomBytes(8).toString("hex")}`,
    });
  }

  #checkQuery(edge: string, url: URL, object: ObjectType): string[] {
    const wrong: string[] = [];
    const allowed = new Set([...PAGING, ...(EDGE_PARAMS[edge] ?? [])]);
    for (const k of url.searchParams.keys())
      if (!allowed.has(k)) wrong.push(`${edge}: parameter ${k} not documented`);
    for (const [f, inner] of topFields(url.searchParams.get("fields"))) {
      if (!FIELDS[object].has(f)) wrong.push(`${edge}: ${object} has no field ${f}`);
      // A Page's connected Instagram account, expanded: IGUser's fields.
      if (inner !== null && f !== "instagram_business_account")
        wrong.push(`${edge}: ${f} is not expanded here`);
      for (const g of (inner ?? "").split(",").filter(Boolean))
        if (!IG_USER.has(g)) wrong.push(`${edge}: IGUser has no field ${g}`);
    }
    const type = url.searchParams.get("type");
    if (type !== null && !REACTION_TYPES.includes(type)) wrong.push(`${edge}: reaction type ${type}`);
    return wrong;
  }

  /** The object with only the fields asked (and id), each checked against the SDK's list. */
  #answerObject(object: ObjectType, value: Record<string, unknown>, url: URL): Record<string, unknown> {
    const asked = topFields(url.searchParams.get("fields") ?? "id");
    const out: Record<string, unknown> = {};
    for (const f of new Set(["id", ...asked.keys()])) if (value[f] !== undefined) out[f] = value[f];
    const ig = this.instagram?.users.get(String(value.instagram ?? ""));
    if (object === "Page" && asked.has("instagram_business_account") && ig) {
      const full: Record<string, unknown> = { id: ig.id, username: ig.username, name: ig.name };
      const inner = (asked.get("instagram_business_account") ?? "id").split(",");
      out.instagram_business_account = Object.fromEntries(
        Object.entries(full).filter(([k]) => k === "id" || inner.includes(k)),
      );
    }
    for (const k of Object.keys(out)) {
      if (!FIELDS[object].has(k)) this.problems.push(`answer: ${object} has no field ${k}`);
    }
    return out;
  }

  #paged<T>(items: T[], url: URL, extra: Record<string, unknown> = {}) {
    const limit = Math.min(Number(url.searchParams.get("limit") ?? 25), this.pageSize);
    const after = url.searchParams.get("after");
    const start = after ? Number(Buffer.from(after, "base64url").toString("utf8")) : 0;
    const slice = items.slice(start, start + limit);
    const end = start + slice.length;
    const cursor = (n: number) => Buffer.from(String(n)).toString("base64url");
    return {
      data: slice,
      paging: {
        cursors: { before: cursor(start), after: cursor(end) },
        ...(end < items.length ? { next: `${this.url}${url.pathname}?after=${cursor(end)}` } : {}),
      },
      ...extra,
    };
  }

  #who(req: IncomingMessage): Token | null {
    const bearer = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1] ?? "";
    const t = this.#tokens.get(bearer);
    if (!t || this.tokensDead || t.expires < Date.now()) return null;
    return t;
  }

  async #graph(req: IncomingMessage, url: URL, rest: string, raw: Buffer, type: string, res: ServerResponse) {
    if (this.rateLimitNext && this.rateLimitNext.times > 0) {
      this.rateLimitNext.times--;
      return this.#error(
        res,
        400,
        this.rateLimitNext.code,
        "(#4) Application request limit reached",
        undefined,
        {
          ...(this.rateLimitNext.headers ?? {}),
        },
      );
    }
    const who = this.#who(req);
    if (!who) return this.#error(res, 400, 190, "Error validating access token: Session has expired.", 463);
    const parts = rest.split("/");
    const method = req.method ?? "GET";
    const edgeOf = (name: string) => `${parts[0]}/${name}`;
    if (
      this.permissionMissing &&
      (rest === this.permissionMissing.edge || edgeOf(parts[1] ?? "") === this.permissionMissing.edge)
    ) {
      return this.#error(
        res,
        403,
        this.permissionMissing.code,
        "(#200) Requires pages_read_engagement permission",
      );
    }
    // The IG endpoints, on this host for the token of the Page the Instagram business account is connected to.
    const igWorld = this.instagram;
    if (igWorld?.owns(parts[0] ?? "")) {
      const igOfPage = who.kind === "page" ? this.pages.get(who.page ?? "")?.instagram : undefined;
      if (!igOfPage)
        return this.#error(res, 403, 10, "(#10) The Page's token of the connected Page is needed");
      return igWorld.answerThroughPage(req, url, raw.toString("utf8"), res, igOfPage);
    }
    const login = this.logins.get(who.login);
    const bad = (wrong: string[]) => {
      if (wrong.length === 0) return false;
      this.problems.push(...wrong);
      this.#error(res, 400, 100, `(#100) ${wrong[0]}`);
      return true;
    };

    if (rest === "me" && method === "GET") {
      if (bad(this.#checkQuery("object", url, "User"))) return;
      return this.send(res, 200, this.#answerObject("User", { id: login?.id, name: login?.name }, url));
    }
    if (rest === "me/accounts" && method === "GET") {
      if (bad(this.#checkQuery("me/accounts", url, "Page"))) return;
      const pages = (login?.pages ?? []).map((id) =>
        this.#answerObject("Page", { ...this.pages.get(id) }, url),
      );
      return this.send(res, 200, this.#paged(pages, url));
    }
    if (rest === "me/permissions" && method === "DELETE") return this.send(res, 200, { success: true });

    const [id, edge] = parts as [string, string | undefined];
    if (this.deleted.has(id)) {
      return this.#error(res, 400, 100, "Unsupported get request. Object does not exist", 33);
    }
    const page = this.pages.get(id);
    const post = this.posts.get(id);
    const asPage = who.kind === "page" ? who.page : null;

    if (page && !edge && method === "GET") {
      if (bad(this.#checkQuery("object", url, "Page"))) return;
      const fields = (url.searchParams.get("fields") ?? "").split(",");
      if (fields.includes("access_token")) {
        if (who.kind !== "user" || !login?.pages.includes(id))
          return this.#error(res, 403, 200, "(#200) Not a Page admin");
        const issued = this.#issue("page", who.login, 10 * 365 * 86_400, id);
        return this.send(res, 200, { id, access_token: issued.access_token });
      }
      return this.send(res, 200, this.#answerObject("Page", { ...page }, url));
    }
    if (page && edge === "feed" && method === "GET") {
      if (asPage !== id) return this.#error(res, 403, 200, "(#200) The Page's token is needed");
      if (bad(this.#checkQuery("page/feed", url, "PagePost"))) return;
      const list = [...this.posts.values()]
        .filter((p) => p.page === id)
        .sort((a, b) => (a.created_time < b.created_time ? 1 : -1))
        .map((p) => this.#answerObject("PagePost", { ...p, from: { id, name: page.name } }, url));
      return this.send(res, 200, this.#paged(list, url));
    }
    if (page && edge === "feed" && method === "POST") {
      if (asPage !== id) return this.#error(res, 403, 200, "(#200) The Page's token is needed");
      const body = JSON.parse(raw.toString("utf8")) as {
        message?: unknown;
        attached_media?: { media_fbid?: unknown }[];
      };
      const keys = Object.keys(body).filter((k) => !["message", "attached_media"].includes(k));
      if (typeof body.message !== "string" || keys.length > 0) {
        return bad([`POST feed: body ${JSON.stringify(Object.keys(body))}`]);
      }
      const photos = (body.attached_media ?? []).map((m) => String(m.media_fbid));
      for (const p of photos)
        if (!this.photos.some((x) => x.id === p && x.page === id)) return bad([`feed: unknown photo ${p}`]);
      const made = this.addPost(id, body.message, new Date().toISOString());
      made.photos = photos;
      return this.send(res, 200, { id: made.id });
    }
    if (page && edge === "photos" && method === "POST") {
      if (asPage !== id) return this.#error(res, 403, 200, "(#200) The Page's token is needed");
      if (!type.startsWith("multipart/form-data")) return bad(["photos: not multipart"]);
      const form = await new Response(new Uint8Array(raw), { headers: { "content-type": type } }).formData();
      const file = form.get("source");
      if (!(file instanceof Blob) || form.get("published") !== "false")
        return bad(["photos: source or published"]);
      const photo = { page: id, id: String(++this.#seq + 9_000_000_000), bytes: file.size };
      this.photos.push(photo);
      return this.send(res, 200, { id: photo.id });
    }
    if (page && edge === "subscribed_apps" && method === "POST") {
      if (asPage !== id) return this.#error(res, 403, 200, "(#200) The Page's token is needed");
      const body = JSON.parse(raw.toString("utf8")) as { subscribed_fields?: unknown };
      const fields = typeof body.subscribed_fields === "string" ? body.subscribed_fields.split(",") : [];
      if (fields.length === 0 || !fields.every((f) => SUBSCRIBED_FIELDS.has(f))) {
        return bad([`subscribed_apps: subscribed_fields ${String(body.subscribed_fields)}`]);
      }
      this.subscribed.set(id, fields.join(","));
      return this.send(res, 200, { success: true });
    }
    if (page && edge === "messages" && method === "POST") {
      if (asPage !== id) return this.#error(res, 403, 200, "(#200) The Page's token is needed");
      const body = JSON.parse(raw.toString("utf8")) as {
        recipient?: { comment_id?: string };
        message?: { text?: string };
      };
      const igComment = this.instagram?.comments.find((c) => c.id === body.recipient?.comment_id);
      if (igComment && page.instagram) return this.#privateReplyOnInstagram(res, page, igComment, body);
      const comment = this.comments.find((c) => c.id === body.recipient?.comment_id);
      if (!comment || typeof body.message?.text !== "string")
        return bad(["messages: recipient.comment_id or message.text"]);
      if (this.messages.some((m) => m.comment_id === comment.id)) {
        return this.#error(res, 400, 10900, "Activity already replied to");
      }
      if (Date.now() - Date.parse(comment.created_time) > 7 * 86_400_000) {
        return this.#error(res, 400, 10903, "This message is sent outside of allowed window.");
      }
      const m = {
        page: id,
        comment_id: comment.id,
        text: body.message.text,
        id: `m_${randomBytes(8).toString("hex")}`,
      };
      this.messages.push(m);
      return this.send(res, 200, { recipient_id: comment.from.id, message_id: m.id });
    }
    if (post && !edge && method === "GET") {
      if (bad(this.#checkQuery("object", url, "PagePost"))) return;
      const owner = this.pages.get(post.page);
      return this.send(
        res,
        200,
        this.#answerObject("PagePost", { ...post, from: { id: post.page, name: owner?.name } }, url),
      );
    }
    if (post && edge === "comments" && method === "GET") {
      if (bad(this.#checkQuery("post/comments", url, "Comment"))) return;
      let list = this.comments.filter((c) => c.post === id);
      list.sort((a, b) => (a.created_time < b.created_time ? -1 : a.created_time > b.created_time ? 1 : 0));
      if (url.searchParams.get("order") === "reverse_chronological") list = list.reverse();
      const answered = list.map((c) => this.#answerObject("Comment", { ...c }, url));
      const summary =
        url.searchParams.get("summary") === "true"
          ? { summary: { order: "chronological", total_count: list.length } }
          : {};
      return this.send(res, 200, this.#paged(answered, url, summary));
    }
    if (post && edge === "comments" && method === "POST") {
      const body = JSON.parse(raw.toString("utf8")) as { message?: unknown };
      if (typeof body.message !== "string" || Object.keys(body).length !== 1)
        return bad(["POST comments: body"]);
      const owner = this.pages.get(post.page);
      const c = this.comment(
        id,
        { id: asPage ?? "", name: owner?.name ?? "" },
        body.message,
        new Date().toISOString(),
      );
      return this.send(res, 200, { id: c.id });
    }
    if (post && edge === "reactions" && method === "GET") {
      if (bad(this.#checkQuery("post/reactions", url, "Profile"))) return;
      const want = url.searchParams.get("type");
      const list = [...(this.reactions.get(id) ?? new Map()).entries()]
        .filter(([, r]) => !want || want === "NONE" || r.type === want)
        .map(([person, r]) => this.#answerObject("Profile", { id: person, name: r.name }, url));
      return this.send(res, 200, this.#paged(list, url));
    }
    const person = this.comments.find((c) => c.from.id === id)?.from;
    if (person && !edge && method === "GET") {
      if (bad(this.#checkQuery("object", url, "Profile"))) return;
      return this.send(res, 200, this.#answerObject("Profile", { ...person }, url));
    }
    this.#error(res, 400, 100, `Unsupported ${method} request. Object with ID '${id}' does not exist`, 33);
  }
}

/** The top-level fields of a Graph `fields` list (`a,b{c,d}`), each with its expansion (null: none). */
function topFields(text: string | null): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const m of (text ?? "").matchAll(/([a-z_]+)(?:\{([^}]*)\})?/g)) out.set(m[1] as string, m[2] ?? null);
  return out;
}
