/**
 * The networks a person can sign in with (docs/decisions/038): how each one is asked. OpenID Connect where the
 * network has it (Google, LinkedIn, Twitch: an id_token checked against the issuer's keys), plain OAuth 2.0 and the
 * network's user endpoint for X and Facebook. Scopes come from the provider definition where it names the login's
 * own (LinkedIn and Twitch are login-only; Facebook's `facebook_login` variant); Google has no provider file and
 * X's lists its contests' scopes, so theirs are here.
 */
import type { Catalog } from "../../catalog";
import type { Env, SignInClientConfig, SignInNetwork } from "../../env";

export type SignInWay = {
  provider: SignInNetwork;
  display_name: string;
  /** Brand colour and simple-icons slug of the button. */
  color: string;
  icon: string;
  scopes: readonly string[];
  pkce: boolean;
  /** Extra parameters of the authorization URL. */
  authParams?: Record<string, string>;
};

/** The order of the buttons. */
export const SIGN_IN_ORDER: readonly SignInNetwork[] = [
  "google",
  "twitter",
  "facebook",
  "linkedin",
  "twitch",
];

/** Twitch puts the e-mail in the id_token only when the claims are asked for by name (OIDC Core §5.5). */
const TWITCH_CLAIMS = JSON.stringify({ id_token: { email: null, email_verified: null } });

export function signInWay(catalog: Catalog, provider: SignInNetwork): SignInWay {
  const def = provider === "google" ? undefined : catalog.providers.get(provider);
  const ui = def?.ui ?? { color: "#4285F4", icon: "google" };
  const display_name = def?.display_name ?? "Google";
  const base = { provider, display_name, color: ui.color, icon: ui.icon };
  switch (provider) {
    case "google":
      return { ...base, scopes: ["openid", "email", "profile"], pkce: true };
    case "twitter":
      return { ...base, scopes: ["users.read", "tweet.read"], pkce: true };
    case "facebook": {
      const login = def?.login_variants?.find((v) => v.id === "facebook_login");
      return { ...base, scopes: login?.scopes ?? ["public_profile", "email"], pkce: false };
    }
    case "linkedin":
      return { ...base, scopes: def?.scopes ?? ["openid", "profile", "email"], pkce: false };
    case "twitch":
      return {
        ...base,
        scopes: def?.scopes ?? ["openid", "user:read:email"],
        pkce: false,
        authParams: { claims: TWITCH_CLAIMS },
      };
  }
}

/** The configured ways in, in button order. */
export function configuredWays(
  env: Pick<Env, "signIn">,
): { provider: SignInNetwork; config: SignInClientConfig }[] {
  return SIGN_IN_ORDER.flatMap((provider) => {
    const config = env.signIn[provider];
    return config ? [{ provider, config }] : [];
  });
}

export function isSignInNetwork(name: string): name is SignInNetwork {
  return (SIGN_IN_ORDER as readonly string[]).includes(name);
}
