/**
 * The environment, read and checked once at start-up (the only module that reads process.env for the server).
 * Every variable is documented in .env.example.
 */
import { isIP } from "node:net";
import path from "node:path";
import { type DatabaseTarget, parseDatabaseUrl } from "./db/url";
import { GRAPH_VERSION } from "./drivers/shared/meta-graph";

export type Env = {
  nodeEnv: "development" | "production" | "test";
  host: string;
  port: number;
  /** A SQLite file path (`file:` URLs read as their path, or `:memory:`), or a postgres:// URL as given. */
  databaseUrl: string;
  uploadDir: string;
  webDist: string;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  publicUrl: string;
  seedDemo: boolean;
  /** nodemailer SMTP URL (smtps://user:pass@host:465); required in production for sign-in codes. */
  smtpUrl: string | undefined;
  /** Where the contact form is sent. */
  supportEmail: string;
  /**
   * The key of the HMAC that identifies a shortlink visitor (IP + User-Agent) without keeping the IP. Required
   * in production; elsewhere a fixed development value. Changing it makes every earlier visitor count as new.
   */
  shortlinkSecret: string;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For is believed (addresses or CIDR ranges); empty: none. */
  trustProxy: string[];
  /** LIMITS: overrides of the abuse limits' numbers (api/limits.ts), by name. */
  limits: Record<string, string>;
  /** The key that encrypts linked accounts' credentials (AES-GCM). Required in production. */
  accountSecretKey: string;
  /** The Bluesky (AT Protocol) service real Bluesky accounts sign in at. */
  blueskyServiceUrl: string;
  /**
   * Bluesky's event stream for entries as they happen (api/services/live-entries.ts): a Jetstream URL
   * (wss://…/subscribe) or a firehose host (wss://…, com.atproto.sync.subscribeRepos); null: the loads alone.
   */
  blueskyStreamUrl: string | null;
  /** SCHEDULER_TICK_MS: how often the scheduler claims its due jobs (a job runs at most this late). */
  schedulerTickMs: number;
  /** CLAIM_TIMEOUT_MS: a job claimed longer ago than this is claimed again (its process stopped). */
  claimTimeoutMs: number;
  /** SANDBOX_DRIVER_DELAY_MS: every sandbox network call waits this long (tests of processes killed mid-job). */
  sandboxDriverDelayMs: number;
  /** Stripe billing (decisions.md "Payments"); null without STRIPE_SECRET_KEY: no online payment, admins set plans. */
  stripe: StripeSettings | null;
  /**
   * The OAuth networks' clients (P_CLIENT_ID, P_CLIENT_SECRET, P_AUTH_URL, P_TOKEN_URL, P_REVOKE_URL, P_API_URL for
   * P in OAUTH_NETWORKS), by provider name; a network without its client id is absent: it stays the sandbox.
   */
  oauth: Partial<Record<OAuthNetwork, OAuthClientConfig>>;
  /** NETWORK_TIMEOUT_MS: how long one call to an OAuth network's API may take before it is tried again. */
  networkTimeoutMs: number;
  /** The networks a person may sign in with (docs/decisions/038), by provider name; absent: no button. */
  signIn: Partial<Record<SignInNetwork, SignInClientConfig>>;
};

/** Where the Stripe SDK sends every call (STRIPE_API_URL split as its host/port/protocol options), and its keys. */
export type StripeSettings = {
  secretKey: string;
  /** The webhook endpoint's signing secret; without it every delivery is refused (400). */
  webhookSecret: string | null;
  host: string;
  port: number;
  protocol: "http" | "https";
};

/** The networks linked by OAuth, by provider name, with the prefix of their variables. */
export const OAUTH_NETWORKS = {
  youtube: "YOUTUBE",
  facebook: "FACEBOOK",
  instagram: "INSTAGRAM",
  threads: "THREADS",
  twitter: "TWITTER",
  tiktok: "TIKTOK",
} as const;
export type OAuthNetwork = keyof typeof OAUTH_NETWORKS;

export type OAuthClientConfig = {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  /** Where a token is revoked on unlink (RFC 7009). */
  revokeUrl: string;
  /** The network's API root (YouTube: .../youtube/v3). */
  apiUrl: string;
  /**
   * P_WEBHOOK_VERIFY_TOKEN: the token Meta's webhook subscription sends back with `hub.challenge`
   * (api/routes/meta-webhooks.ts); null: the subscription cannot be verified.
   */
  webhookVerifyToken?: string | null;
  /**
   * P_BUSINESS_API_URL: a second API root of the network, where it has one (TikTok's API for Business, which
   * alone lists a business account's comments); absent for the others.
   */
  businessApiUrl?: string;
  /**
   * P_APP_AUDITED=true: the network has audited this application (TikTok: an unaudited app may post only
   * private videos). Default false.
   */
  appAudited?: boolean;
};

/** Each network's real endpoints: what P_AUTH_URL, P_TOKEN_URL, P_REVOKE_URL, P_API_URL default to. */
const OAUTH_DEFAULTS: Record<OAuthNetwork, Omit<OAuthClientConfig, "clientId" | "clientSecret">> = {
  youtube: {
    authUrl: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: "https://oauth2.googleapis.com/token",
    revokeUrl: "https://oauth2.googleapis.com/revoke",
    apiUrl: "https://www.googleapis.com/youtube/v3",
  },
  facebook: {
    authUrl: `https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth`,
    tokenUrl: `https://graph.facebook.com/${GRAPH_VERSION}/oauth/access_token`,
    revokeUrl: `https://graph.facebook.com/${GRAPH_VERSION}/me/permissions`,
    apiUrl: `https://graph.facebook.com/${GRAPH_VERSION}`,
  },
  instagram: {
    authUrl: "https://www.instagram.com/oauth/authorize",
    tokenUrl: "https://api.instagram.com/oauth/access_token",
    revokeUrl: "https://graph.instagram.com/me/permissions",
    apiUrl: `https://graph.instagram.com/${GRAPH_VERSION}`,
  },
  threads: {
    authUrl: "https://threads.net/oauth/authorize",
    tokenUrl: "https://graph.threads.net/oauth/access_token",
    revokeUrl: "https://graph.threads.net/me/permissions",
    apiUrl: "https://graph.threads.net/v1.0",
  },
  twitter: {
    authUrl: "https://x.com/i/oauth2/authorize",
    tokenUrl: "https://api.x.com/2/oauth2/token",
    revokeUrl: "https://api.x.com/2/oauth2/revoke",
    apiUrl: "https://api.x.com/2",
  },
  tiktok: {
    authUrl: "https://www.tiktok.com/v2/auth/authorize/",
    tokenUrl: "https://open.tiktokapis.com/v2/oauth/token/",
    revokeUrl: "https://open.tiktokapis.com/v2/oauth/revoke/",
    apiUrl: "https://open.tiktokapis.com/v2",
  },
};

/** The second API roots some networks have (P_BUSINESS_API_URL's default). */
const BUSINESS_API_DEFAULTS: Partial<Record<OAuthNetwork, string>> = {
  tiktok: "https://business-api.tiktok.com/open_api/v1.3",
};

/** The configured OAuth clients: a network with P_CLIENT_ID (and its secret, and http(s) endpoints). */
function readOAuth(source: Record<string, string | undefined>): Env["oauth"] {
  const out: Env["oauth"] = {};
  for (const [network, prefix] of Object.entries(OAUTH_NETWORKS) as [OAuthNetwork, string][]) {
    const clientId = source[`${prefix}_CLIENT_ID`];
    if (!clientId) continue;
    const clientSecret = source[`${prefix}_CLIENT_SECRET`];
    if (!clientSecret) throw new EnvError(`${prefix}_CLIENT_SECRET is required with ${prefix}_CLIENT_ID`);
    const defaults = OAUTH_DEFAULTS[network];
    const url = (name: string, fallback: string) => {
      const value = source[`${prefix}_${name}`] || fallback;
      if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
        throw new EnvError(`${prefix}_${name} must be an http(s) URL (got "${value}")`);
      }
      return value.replace(/\/$/, "");
    };
    const config: OAuthClientConfig = {
      clientId,
      clientSecret,
      authUrl: url("AUTH_URL", defaults.authUrl),
      tokenUrl: url("TOKEN_URL", defaults.tokenUrl),
      revokeUrl: url("REVOKE_URL", defaults.revokeUrl),
      apiUrl: url("API_URL", defaults.apiUrl),
      webhookVerifyToken: source[`${prefix}_WEBHOOK_VERIFY_TOKEN`] || null,
    };
    const business = BUSINESS_API_DEFAULTS[network];
    if (business) config.businessApiUrl = url("BUSINESS_API_URL", business);
    if (source[`${prefix}_APP_AUDITED`] === "true") config.appAudited = true;
    out[network] = config;
  }
  return out;
}

/**
 * Signing in with a network (docs/decisions/038). OpenID Connect networks by their issuer (its discovery document
 * names the endpoints): GOOGLE_*, LINKEDIN_*, TWITCH_* (P_CLIENT_ID, P_CLIENT_SECRET, P_ISSUER); Google's login
 * falls back to the YouTube client (one Google project). X and Facebook sign in with the OAuth client their
 * contests use (TWITTER_*, FACEBOOK_*): plain OAuth 2.0 and the network's user endpoint under P_API_URL.
 */
export const SIGN_IN_ISSUERS = {
  google: { prefix: "GOOGLE", issuer: "https://accounts.google.com", fallback: "youtube" },
  linkedin: { prefix: "LINKEDIN", issuer: "https://www.linkedin.com/oauth", fallback: null },
  twitch: { prefix: "TWITCH", issuer: "https://id.twitch.tv/oauth2", fallback: null },
} as const;
export const SIGN_IN_OAUTH = ["twitter", "facebook"] as const;
export type SignInNetwork = keyof typeof SIGN_IN_ISSUERS | (typeof SIGN_IN_OAUTH)[number];

export type SignInClientConfig =
  | { kind: "oidc"; clientId: string; clientSecret: string; issuer: string }
  | ({ kind: "oauth2" } & OAuthClientConfig);

function readSignIn(source: Record<string, string | undefined>, oauth: Env["oauth"]): Env["signIn"] {
  const out: Env["signIn"] = {};
  for (const [network, o] of Object.entries(SIGN_IN_ISSUERS) as [
    keyof typeof SIGN_IN_ISSUERS,
    (typeof SIGN_IN_ISSUERS)[keyof typeof SIGN_IN_ISSUERS],
  ][]) {
    const own = source[`${o.prefix}_CLIENT_ID`];
    const shared = !own && o.fallback ? oauth[o.fallback] : undefined;
    const clientId = own || shared?.clientId;
    if (!clientId) continue;
    const clientSecret = own ? source[`${o.prefix}_CLIENT_SECRET`] : shared?.clientSecret;
    if (!clientSecret) throw new EnvError(`${o.prefix}_CLIENT_SECRET is required with ${o.prefix}_CLIENT_ID`);
    const issuer = source[`${o.prefix}_ISSUER`] || o.issuer;
    if (!URL.canParse(issuer) || !/^https?:$/.test(new URL(issuer).protocol)) {
      throw new EnvError(`${o.prefix}_ISSUER must be an http(s) URL (got "${issuer}")`);
    }
    out[network] = { kind: "oidc", clientId, clientSecret, issuer: issuer.replace(/\/$/, "") };
  }
  for (const network of SIGN_IN_OAUTH) {
    const client = oauth[network];
    if (client) out[network] = { kind: "oauth2", ...client };
  }
  return out;
}

export class EnvError extends Error {}

/** Outside production only: anyone can read it here, so it protects nothing. */
const DEV_SHORTLINK_SECRET = "fairdraw-development-shortlink-secret";

/** Outside production only, like DEV_SHORTLINK_SECRET. */
const DEV_ACCOUNT_SECRET_KEY = "fairdraw-development-account-secret-key";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new EnvError(`${name} must be one of ${allowed.join(", ")} (got "${value}")`);
}

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const nodeEnv = oneOf("NODE_ENV", source.NODE_ENV ?? "development", [
    "development",
    "production",
    "test",
  ] as const);
  const portText = source.PORT ?? "3000";
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new EnvError(`PORT must be a whole number from 0 to 65535 (got "${portText}")`);
  }
  const host = source.HOST ?? "127.0.0.1";
  const shownHost = host === "0.0.0.0" || host === "127.0.0.1" ? "localhost" : host;
  if (nodeEnv === "production" && !source.SMTP_URL) {
    throw new EnvError("SMTP_URL is required in production: sign-in codes are sent by e-mail");
  }
  const shortlinkSecret = source.SHORTLINK_SECRET || DEV_SHORTLINK_SECRET;
  if (nodeEnv === "production" && (shortlinkSecret === DEV_SHORTLINK_SECRET || shortlinkSecret.length < 32)) {
    throw new EnvError(
      "SHORTLINK_SECRET is required in production: at least 32 random characters (e.g. `openssl rand -hex 32`)",
    );
  }
  const databaseUrl = databaseTarget(source.DATABASE_URL ?? "./data/fairdraw.db");
  const explicitDev = source.NODE_ENV === "development";
  if (nodeEnv !== "production" && !isLoopbackHost(host) && !explicitDev) {
    throw new EnvError(
      `HOST=${host} would open the dev mailbox (every sign-in code, no session needed) to the network. ` +
        "Set NODE_ENV=production (mail by SMTP) or, to do it on purpose on a trusted network, NODE_ENV=development.",
    );
  }
  const accountSecretKey = source.ACCOUNT_SECRET_KEY || DEV_ACCOUNT_SECRET_KEY;
  if (
    nodeEnv === "production" &&
    (accountSecretKey === DEV_ACCOUNT_SECRET_KEY || accountSecretKey.length < 32)
  ) {
    throw new EnvError(
      "ACCOUNT_SECRET_KEY is required in production: at least 32 random characters (e.g. `openssl rand -hex 32`)",
    );
  }
  const blueskyServiceUrl = source.BLUESKY_SERVICE_URL || "https://bsky.social";
  if (!URL.canParse(blueskyServiceUrl) || !/^https?:$/.test(new URL(blueskyServiceUrl).protocol)) {
    throw new EnvError(`BLUESKY_SERVICE_URL must be an http(s) URL (got "${blueskyServiceUrl}")`);
  }
  const blueskyStreamUrl = source.BLUESKY_STREAM_URL || null;
  if (
    blueskyStreamUrl !== null &&
    (!URL.canParse(blueskyStreamUrl) || !/^wss?:$/.test(new URL(blueskyStreamUrl).protocol))
  ) {
    throw new EnvError(`BLUESKY_STREAM_URL must be a ws(s) URL (got "${blueskyStreamUrl}")`);
  }
  const schedulerTickMs = wholeMs(source, "SCHEDULER_TICK_MS", 15_000, 10);
  const claimTimeoutMs = wholeMs(source, "CLAIM_TIMEOUT_MS", 5 * 60_000, 1000);
  const sandboxDriverDelayMs = wholeMs(source, "SANDBOX_DRIVER_DELAY_MS", 0, 0);
  if (nodeEnv === "production" && sandboxDriverDelayMs > 0) {
    throw new EnvError("SANDBOX_DRIVER_DELAY_MS is for tests: leave it unset in production");
  }
  const stripe = readStripe(source);
  const oauth = readOAuth(source);
  return {
    nodeEnv,
    host,
    port,
    databaseUrl,
    uploadDir: source.UPLOAD_DIR ?? "./data/uploads",
    webDist: source.WEB_DIST ?? path.resolve("dist/web"),
    logLevel: oneOf("LOG_LEVEL", source.LOG_LEVEL ?? (nodeEnv === "test" ? "silent" : "info"), LOG_LEVELS),
    publicUrl: source.PUBLIC_URL ?? `http://${shownHost}:${port}`,
    // Production never carries the demo unless asked for by name (api/db/demo-guard.ts).
    seedDemo: (source.SEED_DEMO ?? (nodeEnv === "production" ? "false" : "true")) === "true",
    smtpUrl: source.SMTP_URL || undefined,
    supportEmail: source.SUPPORT_EMAIL ?? "support@fairdraw.app",
    shortlinkSecret,
    trustProxy: readTrustProxy(source.TRUST_PROXY ?? ""),
    limits: readLimitOverrides(source.LIMITS ?? ""),
    accountSecretKey,
    blueskyServiceUrl,
    blueskyStreamUrl,
    schedulerTickMs,
    claimTimeoutMs,
    sandboxDriverDelayMs,
    stripe,
    oauth,
    networkTimeoutMs: wholeMs(source, "NETWORK_TIMEOUT_MS", 20_000, 100),
    signIn: readSignIn(source, oauth),
  };
}

function readStripe(source: Record<string, string | undefined>): StripeSettings | null {
  const secretKey = source.STRIPE_SECRET_KEY || "";
  if (!secretKey) return null;
  const apiUrl = source.STRIPE_API_URL || "https://api.stripe.com";
  const url = URL.canParse(apiUrl) ? new URL(apiUrl) : null;
  if (!url || !/^https?:$/.test(url.protocol) || (url.pathname !== "/" && url.pathname !== "")) {
    throw new EnvError(`STRIPE_API_URL must be an http(s) URL without a path (got "${apiUrl}")`);
  }
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    secretKey,
    webhookSecret: source.STRIPE_WEBHOOK_SECRET || null,
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
    protocol,
  };
}

/** A whole number of milliseconds from `min` up to a day, or the default when unset. */
function wholeMs(
  source: Record<string, string | undefined>,
  name: string,
  fallback: number,
  min: number,
): number {
  const text = source[name];
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < min || value > 86_400_000) {
    throw new EnvError(
      `${name} must be a whole number of milliseconds from ${min} to 86400000 (got "${text}")`,
    );
  }
  return value;
}

/** 127.0.0.1, ::1, localhost and the rest of 127.0.0.0/8: only this machine can reach the server there. */
export function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * DATABASE_URL checked once (api/db/url.ts parses it): a SQLite file path (a `file:` URL becomes its path) or a
 * postgres:// URL, kept as given for the driver. Any other scheme is refused by name rather than becoming a
 * folder called "mysql:".
 */
function databaseTarget(url: string): string {
  let target: DatabaseTarget;
  try {
    target = parseDatabaseUrl(url);
  } catch (err) {
    throw new EnvError((err as Error).message);
  }
  return target.dialect === "postgresql" ? target.url : target.file;
}

function readTrustProxy(text: string): string[] {
  const entries = text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  for (const entry of entries) {
    if (!isAddressOrRange(entry)) {
      throw new EnvError(
        `TRUST_PROXY entries are IP addresses or CIDR ranges, e.g. 10.0.0.0/8 (got "${entry}")`,
      );
    }
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split("/");
  if (rest.length > 0 || !address || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/** LIMITS="signin.guesses.per_email=30/1d, mail.per_team=100/1d": name=max/window; checked by api/limits.ts. */
function readLimitOverrides(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text.split(",")) {
    if (part.trim() === "") continue;
    const [name, value] = part.split("=").map((s) => s.trim());
    if (!name || !value) throw new EnvError(`LIMITS entries are name=max/window (got "${part.trim()}")`);
    out[name] = value;
  }
  return out;
}
