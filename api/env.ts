/**
 * The environment, read and checked once at start-up (the only module that reads process.env for the server).
 * Every variable is documented in .env.example.
 */
import path from "node:path";

export type Env = {
  nodeEnv: "development" | "production" | "test";
  host: string;
  port: number;
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
  /** The key that encrypts linked accounts' credentials (AES-GCM). Required in production. */
  accountSecretKey: string;
  /** The Bluesky (AT Protocol) service real Bluesky accounts sign in at. */
  blueskyServiceUrl: string;
};

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
  return {
    nodeEnv,
    host,
    port,
    databaseUrl: source.DATABASE_URL ?? "./data/fairdraw.db",
    uploadDir: source.UPLOAD_DIR ?? "./data/uploads",
    webDist: source.WEB_DIST ?? path.resolve("dist/web"),
    logLevel: oneOf("LOG_LEVEL", source.LOG_LEVEL ?? (nodeEnv === "test" ? "silent" : "info"), LOG_LEVELS),
    publicUrl: source.PUBLIC_URL ?? `http://${shownHost}:${port}`,
    seedDemo: (source.SEED_DEMO ?? "true") !== "false",
    smtpUrl: source.SMTP_URL || undefined,
    supportEmail: source.SUPPORT_EMAIL ?? "support@fairdraw.app",
    shortlinkSecret,
    accountSecretKey,
    blueskyServiceUrl,
  };
}
