/**
 * TikTok's Login Kit (OAuth v2) for the web. TikTok names the client `client_key` (not `client_id`), sends the
 * client's key and secret in the form body (not Basic), joins scopes with commas, and answers a refused grant
 * with `{ error, error_description, log_id }`. arctic 3.7.0 has a TikTok class, but it hard-codes TikTok's
 * endpoints (TIKTOK_AUTH_URL / TIKTOK_TOKEN_URL could not point at the stand-in) and always sends PKCE, which
 * TikTok's reference asks of desktop and mobile apps only: so this small flow of our own, by TikTok's reference
 * (https://developers.tiktok.com/doc/oauth-user-access-token-management), with the state as the CSRF guard.
 * Refresh tokens rotate (TikTok may answer a new one at each refresh): the TokenKeeper keeps them atomically.
 */
import type { OAuthClientConfig } from "../../env";
import { NetworkUnavailable } from "../errors";
import { CodeRefused } from "../shared/oauth-client";
import { type OAuthTokens, RefreshRefused } from "../shared/tokens";

type TokenAnswer = {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
  open_id?: string;
  error?: string;
};

/** TikTok's endpoints end with a slash; the configured URLs are kept without it (api/env.ts). */
const slash = (url: string) => `${url.replace(/\/$/, "")}/`;

export class LoginKit {
  constructor(
    readonly o: {
      config: OAuthClientConfig;
      redirectUri: string;
      scopes: readonly string[];
      fetch: typeof globalThis.fetch;
      now: () => number;
    },
  ) {}

  authorizationUrl(state: string): URL {
    const url = new URL(slash(this.o.config.authUrl));
    url.searchParams.set("client_key", this.o.config.clientId);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("scope", this.o.scopes.join(","));
    url.searchParams.set("redirect_uri", this.o.redirectUri);
    url.searchParams.set("state", state);
    return url;
  }

  async exchange(code: string): Promise<OAuthTokens & { open_id: string }> {
    const answer = await this.#post(this.o.config.tokenUrl, {
      grant_type: "authorization_code",
      code,
      redirect_uri: this.o.redirectUri,
    });
    if (answer.error || !answer.access_token || !answer.open_id) {
      throw new CodeRefused(answer.error ?? "no access token");
    }
    return { ...this.#tokens(answer), open_id: answer.open_id };
  }

  async refresh(refreshToken: string): Promise<OAuthTokens> {
    const answer = await this.#post(this.o.config.tokenUrl, {
      grant_type: "refresh_token",
      refresh_token: refreshToken,
    });
    if (answer.error === "invalid_grant") throw new RefreshRefused(answer.error);
    if (answer.error || !answer.access_token) {
      throw new NetworkUnavailable(`tiktok token refresh: ${answer.error ?? "no access token"}`);
    }
    return this.#tokens(answer);
  }

  /** Revokes the grant; a token TikTok no longer knows is fine. */
  async revoke(token: string): Promise<void> {
    await this.#post(this.o.config.revokeUrl, { token });
  }

  #tokens(a: TokenAnswer): OAuthTokens {
    return {
      access_token: a.access_token as string,
      refresh_token: a.refresh_token ?? null,
      expires_at:
        typeof a.expires_in === "number" ? new Date(this.o.now() + a.expires_in * 1000).toISOString() : null,
      scope: a.scope ?? null,
    };
  }

  async #post(url: string, fields: Record<string, string>): Promise<TokenAnswer> {
    const body = new URLSearchParams({
      client_key: this.o.config.clientId,
      client_secret: this.o.config.clientSecret,
      ...fields,
    });
    let res: Response;
    try {
      res = await this.o.fetch(slash(url), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body,
      });
    } catch (err) {
      throw err instanceof NetworkUnavailable ? err : new NetworkUnavailable("tiktok oauth: unreachable");
    }
    const answer = (await res.json().catch(() => ({}))) as TokenAnswer;
    // TikTok answers a refused grant with an `error` field; a 5xx without one is the service being down.
    if (!res.ok && !answer.error) throw new NetworkUnavailable(`tiktok oauth: ${res.status}`);
    return answer;
  }
}
