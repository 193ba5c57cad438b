/**
 * What Facebook, Instagram and Threads share as Meta's Graph API (docs/decisions/031-facebook-pages-and-meta.md):
 * - the Graph version, here only (api/env.ts builds the default endpoints from it);
 * - Graph errors as our errors (api/drivers/errors.ts): codes 4, 17, 32, 613 and the business-use-case limits
 *   (80000-80014) are RateLimited, waiting as long as the usage headers say; 190 (and 102, 463, 467) is
 *   AccountNeedsReconnect; 10 and 200-299 PermissionMissing (reconnect to grant it); 551, 10900, 10903 a refused
 *   private reply (MessageRefused); 100 with subcode 33, or a 404, PostUnavailable (a deleted or unreadable
 *   object); anything else NetworkUnavailable;
 * - X-Hub-Signature-256 over a webhook's raw body and the `signed_request` of the deauthorize and data-deletion
 *   callbacks, both HMAC-SHA256 with the app secret, compared in constant time.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import {
  AccountNeedsReconnect,
  MessageRefused,
  NetworkUnavailable,
  PostUnavailable,
  RateLimited,
} from "../errors";

/** The Graph API version every Meta endpoint is built with (Facebook and Instagram; Threads has its own v1.0). */
export const GRAPH_VERSION = "v21.0";

/** The provider drivers on Meta's platform: their app takes the deauthorize and data-deletion callbacks. */
export const META_DRIVERS: ReadonlySet<string> = new Set(["meta-graph", "instagram-graph", "threads-graph"]);

/** Graph's error body: { error: { message, type, code, error_subcode, fbtrace_id } }. */
export type GraphErrorBody = {
  error?: { message?: string; type?: string; code?: number; error_subcode?: number; fbtrace_id?: string };
};

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
const TOKEN_CODES = new Set([102, 190, 463, 467]);
/** Without a usage header that says, a rate limit waits this long (Meta's windows are an hour at most). */
const DEFAULT_WAIT_MS = 60_000;
const HOUR_MS = 3_600_000;

/**
 * How long the usage headers ask to wait: X-Business-Use-Case-Usage's estimated_time_to_regain_access (minutes)
 * when any says; else a full usage (X-App-Usage, X-Page-Usage, X-Ad-Account-Usage at 100%) waits the hour out;
 * else DEFAULT_WAIT_MS.
 */
export function usageWaitMs(headers: Headers): number {
  let minutes = 0;
  const buc = parseJson(headers.get("x-business-use-case-usage"));
  if (buc && typeof buc === "object") {
    for (const list of Object.values(buc as Record<string, unknown>)) {
      for (const item of Array.isArray(list) ? list : []) {
        const m = (item as { estimated_time_to_regain_access?: unknown }).estimated_time_to_regain_access;
        if (typeof m === "number" && m > minutes) minutes = m;
      }
    }
  }
  if (minutes > 0) return minutes * 60_000;
  for (const name of ["x-app-usage", "x-page-usage", "x-ad-account-usage"]) {
    const usage = parseJson(headers.get(name));
    if (usage && typeof usage === "object") {
      const full = Object.values(usage as Record<string, unknown>).some(
        (v) => typeof v === "number" && v >= 100,
      );
      if (full) return HOUR_MS;
    }
  }
  return DEFAULT_WAIT_MS;
}

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A permission the token lacks (codes 10, 200-299): connecting again grants it; the token itself still works. */
export class PermissionMissing extends AccountNeedsReconnect {}

/** Private replies the network refuses for this recipient: 551 (not available), 10900 (already replied), 10903. */
const MESSAGE_REFUSED_CODES = new Set([551, 10900, 10903]);

/** A Graph error answer as our error; `what` names the call (never a token) for the logs. */
export function graphError(
  what: string,
  status: number,
  body: GraphErrorBody,
  headers: Headers,
): RateLimited | AccountNeedsReconnect | PostUnavailable | MessageRefused | NetworkUnavailable {
  const code = body.error?.code ?? 0;
  const sub = body.error?.error_subcode ?? 0;
  const tag = `${what}: ${status} code ${code}${sub ? `/${sub}` : ""}`;
  if (RATE_LIMIT_CODES.has(code) || (code >= 80000 && code <= 80014) || status === 429) {
    return new RateLimited(usageWaitMs(headers), `${tag} (rate limited)`);
  }
  if (TOKEN_CODES.has(code)) return new AccountNeedsReconnect(`${tag} (token expired or revoked)`);
  if (code === 10 || (code >= 200 && code <= 299)) {
    return new PermissionMissing(`${tag} (permission missing: connect again to grant it)`);
  }
  if (MESSAGE_REFUSED_CODES.has(code)) return new MessageRefused(`${tag} (private reply refused)`);
  if ((code === 100 && (sub === 33 || sub === 2069030)) || status === 404) {
    return new PostUnavailable(`${tag} (deleted or cannot be read)`);
  }
  return new NetworkUnavailable(tag);
}

/** Meta's webhook signature: `sha256=` + hex HMAC-SHA256 of the raw body with the app secret. */
export function validHubSignature(rawBody: string, header: string | undefined, appSecret: string): boolean {
  if (!header?.startsWith("sha256=") || !appSecret) return false;
  const given = Buffer.from(header.slice("sha256=".length), "hex");
  const expected = createHmac("sha256", appSecret).update(rawBody, "utf8").digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What a valid signed_request carries (Meta's deauthorize and data-deletion callbacks). */
export type SignedRequest = { user_id: string; algorithm: string; issued_at: number };

/**
 * Reads a `signed_request` (`base64url(signature).base64url(payload)`, the signature HMAC-SHA256 of the encoded
 * payload with the app secret): its payload, or null when forged, malformed or not HMAC-SHA256.
 */
export function readSignedRequest(signed: string, appSecret: string): SignedRequest | null {
  const [sig, payload, ...rest] = signed.split(".");
  if (!sig || !payload || rest.length > 0 || !appSecret) return null;
  const given = Buffer.from(sig, "base64url");
  const expected = createHmac("sha256", appSecret).update(payload).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const data = parseJson(Buffer.from(payload, "base64url").toString("utf8")) as Partial<SignedRequest> | null;
  if (!data || typeof data !== "object" || data.algorithm?.toUpperCase() !== "HMAC-SHA256") return null;
  const userId = typeof data.user_id === "number" ? String(data.user_id) : data.user_id;
  if (typeof userId !== "string" || userId === "") return null;
  return { user_id: userId, algorithm: data.algorithm, issued_at: Number(data.issued_at ?? 0) };
}

/** Signs a payload as Meta does (the stand-ins and tests make callbacks with it). */
export function signRequest(payload: Record<string, unknown>, appSecret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  const sig = createHmac("sha256", appSecret).update(body).digest("base64url");
  return `${sig}.${body}`;
}
