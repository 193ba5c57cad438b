/**
 * The one OAuth 2.0 flow every OAuth network shares, on arctic's OAuth2Client (arctic's Google provider hard-codes
 * Google's endpoints; the generic client takes the configured ones, P_AUTH_URL / P_TOKEN_URL, so a compatible
 * service can stand in). What arctic throws becomes our errors: a refused grant (invalid_grant) is RefreshRefused
 * or a refused code, anything else the network being unavailable. Tokens are never put in an error's text.
 */
import {
  ArcticFetchError,
  CodeChallengeMethod,
  generateCodeVerifier,
  generateState,
  OAuth2Client,
  OAuth2RequestError,
  type OAuth2Tokens,
} from "arctic";
import type { OAuthClientConfig } from "../../env";
import { NetworkUnavailable } from "../errors";
import { type OAuthTokens, RefreshRefused } from "./tokens";

export { generateCodeVerifier, generateState };

/** The code was refused at the exchange (expired, used, wrong verifier): the person starts again. */
export class CodeRefused extends Error {}

export type OAuthFlowOptions = {
  config: OAuthClientConfig;
  redirectUri: string;
  scopes: readonly string[];
  /** PKCE (S256) where the network takes it. */
  pkce: boolean;
  /** Extra parameters of the authorization URL (Google: access_type=offline, prompt=consent). */
  authParams?: Record<string, string>;
  /**
   * The error codes of a refresh the network refuses for good (default invalid_grant, RFC 6749's); X answers a
   * spent or revoked refresh token with invalid_request.
   */
  refusedRefreshCodes?: readonly string[];
  now?: () => number;
};

export class OAuthFlow {
  readonly #client: OAuth2Client;
  constructor(readonly o: OAuthFlowOptions) {
    this.#client = new OAuth2Client(o.config.clientId, o.config.clientSecret, o.redirectUri);
  }

  get pkce(): boolean {
    return this.o.pkce;
  }

  authorizationUrl(state: string, codeVerifier: string | null): URL {
    const scopes = [...this.o.scopes];
    const url =
      this.o.pkce && codeVerifier
        ? this.#client.createAuthorizationURLWithPKCE(
            this.o.config.authUrl,
            state,
            CodeChallengeMethod.S256,
            codeVerifier,
            scopes,
          )
        : this.#client.createAuthorizationURL(this.o.config.authUrl, state, scopes);
    for (const [k, v] of Object.entries(this.o.authParams ?? {})) url.searchParams.set(k, v);
    return url;
  }

  async exchange(code: string, codeVerifier: string | null): Promise<OAuthTokens> {
    return (await this.exchangeForSignIn(code, codeVerifier)).tokens;
  }

  /** The code exchange with the id_token an OpenID Connect provider sends beside the tokens (null: none). */
  async exchangeForSignIn(
    code: string,
    codeVerifier: string | null,
  ): Promise<{ tokens: OAuthTokens; idToken: string | null }> {
    try {
      const t = await this.#client.validateAuthorizationCode(this.o.config.tokenUrl, code, codeVerifier);
      const idToken = (t.data as Record<string, unknown>).id_token;
      return { tokens: this.#tokens(t), idToken: typeof idToken === "string" ? idToken : null };
    } catch (err) {
      if (err instanceof OAuth2RequestError) throw new CodeRefused(err.code);
      throw unavailable(err, "code exchange");
    }
  }

  async refresh(refreshToken: string): Promise<OAuthTokens> {
    try {
      return this.#tokens(await this.#client.refreshAccessToken(this.o.config.tokenUrl, refreshToken, []));
    } catch (err) {
      if (
        err instanceof OAuth2RequestError &&
        (this.o.refusedRefreshCodes ?? ["invalid_grant"]).includes(err.code)
      )
        throw new RefreshRefused(err.code);
      throw unavailable(err, "token refresh");
    }
  }

  /** Revokes a token (the refresh token revokes its grant). A token already dead is fine. */
  async revoke(token: string): Promise<void> {
    try {
      await this.#client.revokeToken(this.o.config.revokeUrl, token);
    } catch (err) {
      if (err instanceof OAuth2RequestError) return;
      throw unavailable(err, "token revocation");
    }
  }

  #tokens(t: OAuth2Tokens): OAuthTokens {
    const now = (this.o.now ?? Date.now)();
    const data = t.data as Record<string, unknown>;
    return {
      access_token: t.accessToken(),
      refresh_token: t.hasRefreshToken() ? t.refreshToken() : null,
      expires_at:
        typeof data.expires_in === "number"
          ? new Date(now + t.accessTokenExpiresInSeconds() * 1000).toISOString()
          : null,
      scope: typeof data.scope === "string" ? data.scope : null,
    };
  }
}

function unavailable(err: unknown, what: string): NetworkUnavailable {
  if (err instanceof NetworkUnavailable) return err;
  const why = err instanceof ArcticFetchError ? "unreachable" : err instanceof Error ? err.name : "failed";
  return new NetworkUnavailable(`${what}: ${why}`);
}
