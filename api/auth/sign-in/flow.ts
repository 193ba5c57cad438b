/**
 * One sign-in with a network, on the shared OAuthFlow (arctic's generic client): the authorization URL (state,
 * nonce for OpenID Connect, PKCE S256 where the network takes it), then the code exchanged for who the person is:
 * the id_token's claims (checked in oidc.ts), completed by userinfo when the id_token has no e-mail; or the
 * network's user endpoint (X, Facebook). The access token is used once here and kept nowhere.
 */
import type { Deps } from "../../context";
import { OAuthFlow } from "../../drivers/shared/oauth-client";
import type { SignInClientConfig, SignInNetwork } from "../../env";
import type { SignInWay } from "./networks";
import {
  IdTokenRefused,
  identityOfClaims,
  issuerOf,
  type NetworkIdentity,
  userinfo,
  verifyIdToken,
} from "./oidc";
import { identityFromUserEndpoint } from "./user-endpoint";

export { IdTokenRefused };

type FlowDeps = Pick<Deps, "env" | "clock">;

export function redirectUriOf(env: Deps["env"], provider: SignInNetwork): string {
  return `${env.publicUrl}/api/v1/auth/callback/${provider}`;
}

async function flowOf(deps: FlowDeps, way: SignInWay, config: SignInClientConfig, nonce: string | null) {
  const endpoints =
    config.kind === "oidc"
      ? await issuerOf(config.issuer, deps.env.networkTimeoutMs).then((i) => ({
          authUrl: i.discovery.authorization_endpoint,
          tokenUrl: i.discovery.token_endpoint,
        }))
      : { authUrl: config.authUrl, tokenUrl: config.tokenUrl };
  return new OAuthFlow({
    config: {
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      revokeUrl: "",
      apiUrl: "",
      ...endpoints,
    },
    redirectUri: redirectUriOf(deps.env, way.provider),
    scopes: way.scopes,
    pkce: way.pkce,
    authParams: { ...way.authParams, ...(nonce ? { nonce } : {}) },
    now: () => deps.clock().getTime(),
  });
}

export async function authorizationUrl(
  deps: FlowDeps,
  way: SignInWay,
  config: SignInClientConfig,
  begun: { state: string; nonce: string; verifier: string | null },
): Promise<URL> {
  const flow = await flowOf(deps, way, config, config.kind === "oidc" ? begun.nonce : null);
  return flow.authorizationUrl(begun.state, begun.verifier);
}

/** Who the code says signed in; NetworkUnavailable, CodeRefused or IdTokenRefused otherwise. */
export async function identityOf(
  deps: FlowDeps,
  way: SignInWay,
  config: SignInClientConfig,
  o: { code: string; verifier: string | null; nonce: string },
): Promise<NetworkIdentity> {
  const flow = await flowOf(deps, way, config, null);
  const { tokens, idToken } = await flow.exchangeForSignIn(o.code, o.verifier);
  const timeout = deps.env.networkTimeoutMs;
  if (config.kind === "oauth2") {
    if (way.provider !== "twitter" && way.provider !== "facebook") throw new IdTokenRefused("kind");
    return identityFromUserEndpoint(way.provider, config.apiUrl, tokens.access_token, timeout);
  }
  if (!idToken) throw new IdTokenRefused("missing");
  const issuer = await issuerOf(config.issuer, timeout);
  const claims = await verifyIdToken(issuer, idToken, {
    clientId: config.clientId,
    nonce: o.nonce,
    now: deps.clock(),
  });
  if (typeof claims.email === "string") return identityOfClaims(claims);
  const more = await userinfo(issuer, tokens.access_token, String(claims.sub), timeout);
  return identityOfClaims({
    ...more,
    ...claims,
    ...(more ? { email: more.email, email_verified: more.email_verified } : {}),
  });
}
