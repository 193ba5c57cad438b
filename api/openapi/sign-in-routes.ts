/** Signing in with a network (api/routes/sign-in.ts, docs/decisions/038), for the OpenAPI document. */
import type { RouteDoc } from "./routes";

export const SIGN_IN_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/api/v1/auth/networks",
    summary:
      "The networks a person can sign in with on this server ({ data: [{ provider, display_name, color, icon }] }, in button order): those whose client is configured.",
    tag: "auth",
    access: "public",
    ok: { status: 200, description: "{ data: [{ provider, display_name, color, icon }] }" },
  },
  {
    method: "GET",
    path: "/api/v1/auth/sign_in/:provider",
    summary:
      "Start signing in with a network (google, twitter, facebook, linkedin, twitch; query next): 302 to its authorization page with a single-use state bound to this browser (10 minutes), a nonce (OpenID Connect) and PKCE S256 where the network takes it; redirect_uri is {PUBLIC_URL}/api/v1/auth/callback/{provider}. A full-page navigation. Not configured: 302 to /login?signin=error&reason=not_configured.",
    tag: "auth",
    access: "public",
    ok: { status: 302, description: "Location: the network's authorization page" },
    errors: [404],
  },
  {
    method: "GET",
    path: "/api/v1/auth/callback/:provider",
    summary:
      "Where the network sends the person back (query: state, code or error). The state is used once by the browser that started it; the id_token is checked (signature against the issuer's JWKS, iss, aud, exp, nonce) or the user endpoint read; a known login signs its person in, else a verified e-mail finds or registers the person. 302 to next, /welcome (registered) or / with a session; or to /login?signin=error&reason=denied|state|code|network|token|unverified|not_configured, nobody signed in. A network added from /me/settings comes back there (signin=added, or reason taken).",
    tag: "auth",
    access: "public",
    ok: { status: 302, description: "Location: the page after sign-in, or the login page with the reason" },
  },
  {
    method: "GET",
    path: "/api/v1/users/me/sign_in/list",
    summary:
      "The networks the person signs in with ({ data: [{ _id, provider, name, screen_name, email, profile_picture, linked_at, last_used_at }] }).",
    tag: "users",
    access: "session",
    ok: { status: 200, description: "{ data: [...] }" },
  },
  {
    method: "GET",
    path: "/api/v1/users/me/sign_in/connect/:provider",
    summary:
      "Add a network to sign in with: as /auth/sign_in, the state bound to this person; back to /me/settings?signin=added or signin=error&reason=… (taken: another person signs in with that login).",
    tag: "users",
    access: "session",
    ok: { status: 302, description: "Location: the network's authorization page" },
    errors: [404],
  },
  {
    method: "DELETE",
    path: "/api/v1/users/me/sign_in/:id",
    summary:
      "Stop signing in with that network login (the e-mail code stays: every person has a verified address). 404 when it is not the person's.",
    tag: "users",
    access: "session",
    ok: { status: 200, description: "{ success: true }" },
    errors: [404],
  },
];
