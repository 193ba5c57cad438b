/**
 * OpenID Connect for signing in (docs/decisions/038): the issuer's discovery document (OpenID Connect Discovery
 * 1.0 §4: fetched from `{issuer}/.well-known/openid-configuration`, its `issuer` equal to the one configured), and
 * the id_token checked with jose: its signature against the issuer's JWKS, `iss`, `aud` (our client id), `exp`,
 * `iat`, and the `nonce` this sign-in sent (Core 1.0 §3.1.3.7). What fails is data (`IdTokenRefused`), never a
 * token in an error's text.
 */
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from "jose";
import { NetworkUnavailable } from "../../drivers/errors";

export type Discovery = {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint: string | null;
};

/** The id_token (or the discovery document) cannot be believed: nobody is signed in. */
export class IdTokenRefused extends Error {}

/** What the network says of the person, from the id_token (or the user endpoint). */
export type NetworkIdentity = {
  subject: string;
  email: string | null;
  /** The network says it checked the address (`email_verified`); only then can it match or register a person. */
  emailVerified: boolean;
  name: string | null;
  screenName: string | null;
  picture: string | null;
};

type Issuer = { discovery: Discovery; keys: ReturnType<typeof createRemoteJWKSet> };
const ISSUERS = new Map<string, Promise<Issuer>>();

const url = (v: unknown): v is string => typeof v === "string" && URL.canParse(v);

/** The issuer's endpoints and keys, read once per process (a failed read is tried again next time). */
export function issuerOf(issuer: string, timeoutMs: number): Promise<Issuer> {
  let found = ISSUERS.get(issuer);
  if (!found) {
    found = discover(issuer, timeoutMs);
    ISSUERS.set(issuer, found);
    found.catch(() => ISSUERS.delete(issuer));
  }
  return found;
}

async function discover(issuer: string, timeoutMs: number): Promise<Issuer> {
  let doc: Record<string, unknown>;
  try {
    const res = await fetch(`${issuer}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: "application/json" },
    });
    if (!res.ok) throw new NetworkUnavailable(`discovery: ${res.status}`);
    doc = (await res.json()) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof NetworkUnavailable) throw err;
    throw new NetworkUnavailable("discovery: unreachable");
  }
  // Discovery §4.3: the document must name the issuer it was fetched for, or it is another's.
  if (doc.issuer !== issuer) throw new NetworkUnavailable("discovery: issuer mismatch");
  const { authorization_endpoint, token_endpoint, jwks_uri, userinfo_endpoint } = doc;
  if (!url(authorization_endpoint) || !url(token_endpoint) || !url(jwks_uri)) {
    throw new NetworkUnavailable("discovery: endpoints missing");
  }
  return {
    discovery: {
      issuer,
      authorization_endpoint,
      token_endpoint,
      jwks_uri,
      userinfo_endpoint: url(userinfo_endpoint) ? userinfo_endpoint : null,
    },
    keys: createRemoteJWKSet(new URL(jwks_uri), { timeoutDuration: timeoutMs }),
  };
}

/** The id_token's claims once its signature, issuer, audience, times and nonce are right. */
export async function verifyIdToken(
  issuer: Issuer,
  idToken: string,
  o: { clientId: string; nonce: string; now: Date },
): Promise<JWTPayload> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, issuer.keys, {
      issuer: issuer.discovery.issuer,
      audience: o.clientId,
      currentDate: o.now,
      requiredClaims: ["sub", "exp", "iat"],
      clockTolerance: 60,
    }));
  } catch (err) {
    // The keys could not be read: the network's trouble, not a forged token.
    if (
      err instanceof errors.JWKSTimeout ||
      (err instanceof Error && /fetch|ECONNREFUSED|socket/i.test(err.message))
    )
      throw new NetworkUnavailable("jwks: unreachable");
    throw new IdTokenRefused(err instanceof errors.JOSEError ? err.code : "invalid");
  }
  // Core §3.1.3.7: with several audiences, the authorized party must be us.
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== o.clientId) {
    throw new IdTokenRefused("azp");
  }
  if (payload.nonce !== o.nonce) throw new IdTokenRefused("nonce");
  return payload;
}

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);

/** The standard claims (Core §5.1) we keep. `email_verified` must be the boolean true (Twitch and LinkedIn too). */
export function identityOfClaims(claims: Record<string, unknown>): NetworkIdentity {
  const given = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(" ");
  return {
    subject: String(claims.sub),
    email: text(claims.email),
    emailVerified: claims.email_verified === true,
    name: text(claims.name) ?? (given || null),
    screenName: text(claims.preferred_username),
    picture: url(claims.picture) ? claims.picture : null,
  };
}

/** Userinfo (Core §5.3), for a provider whose id_token leaves the e-mail out; its `sub` must be the token's. */
export async function userinfo(
  issuer: Issuer,
  accessToken: string,
  subject: string,
  timeoutMs: number,
): Promise<Record<string, unknown> | null> {
  const endpoint = issuer.discovery.userinfo_endpoint;
  if (!endpoint) return null;
  let res: Response;
  try {
    res = await fetch(endpoint, {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new NetworkUnavailable("userinfo: unreachable");
  }
  if (!res.ok) throw new NetworkUnavailable(`userinfo: ${res.status}`);
  const body = (await res.json()) as Record<string, unknown>;
  if (body.sub !== subject) throw new IdTokenRefused("userinfo sub");
  return body;
}

/** Tests: forget what was discovered (a stand-in restarted on another port). */
export function forgetIssuers(): void {
  ISSUERS.clear();
}
