/**
 * Who signed in, for the networks without OpenID Connect (docs/decisions/038): their user endpoint, called with
 * the access token of the sign-in (Authorization header only), then forgotten.
 *
 * - X: `GET /2/users/me?user.fields=profile_image_url` (the published OpenAPI's findMyUser). X's description gives
 *   no e-mail, so X never matches or registers a person by e-mail: it signs in a person who added X from /me.
 * - Facebook: `GET /me?fields=id,name,email,picture`. The Graph API returns an `email` without saying whether
 *   Facebook checked it, so it counts as unverified: Facebook too signs in only a person who added it.
 */
import { NetworkUnavailable } from "../../drivers/errors";
import type { SignInNetwork } from "../../env";
import type { NetworkIdentity } from "./oidc";

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);

async function getJson(url: URL, accessToken: string, timeoutMs: number): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new NetworkUnavailable("user endpoint: unreachable");
  }
  if (!res.ok) throw new NetworkUnavailable(`user endpoint: ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

export async function identityFromUserEndpoint(
  provider: Extract<SignInNetwork, "twitter" | "facebook">,
  apiUrl: string,
  accessToken: string,
  timeoutMs: number,
): Promise<NetworkIdentity> {
  if (provider === "twitter") {
    const url = new URL(`${apiUrl}/users/me`);
    url.searchParams.set("user.fields", "profile_image_url");
    const data = (await getJson(url, accessToken, timeoutMs)).data as Record<string, unknown> | undefined;
    const id = text(data?.id);
    if (!data || !id) throw new NetworkUnavailable("user endpoint: no user");
    return {
      subject: id,
      email: null,
      emailVerified: false,
      name: text(data.name),
      screenName: text(data.username),
      picture: text(data.profile_image_url),
    };
  }
  const url = new URL(`${apiUrl}/me`);
  url.searchParams.set("fields", "id,name,email,picture");
  const me = await getJson(url, accessToken, timeoutMs);
  const id = text(me.id);
  if (!id) throw new NetworkUnavailable("user endpoint: no user");
  const picture = (me.picture as { data?: { url?: unknown } } | undefined)?.data?.url;
  return {
    subject: id,
    email: text(me.email),
    emailVerified: false,
    name: text(me.name),
    screenName: null,
    picture: text(picture),
  };
}
