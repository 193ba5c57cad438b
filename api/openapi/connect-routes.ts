/** The OAuth connect flow's routes (api/routes/account-connect.ts), for the OpenAPI document. */
import type { RouteDoc } from "./routes";

export const CONNECT_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/api/v1/accounts/connectable",
    summary:
      "The networks this server connects by OAuth ({ data: [{ provider, variant? }] }: their P_CLIENT_ID is set; one entry per way in, `variant` for a login variant through another network's OAuth: instagram via_facebook_page when FACEBOOK_CLIENT_ID is set); the others stay the sandbox.",
    tag: "accounts",
    access: "session",
    ok: { status: 200, description: "{ data: [{ provider, variant? }] }" },
  },
  {
    method: "GET",
    path: "/api/v1/teams/current/accounts/connect/:provider",
    summary:
      "Start linking an account by OAuth (?variant=: a login variant of the provider; via_facebook_page links Instagram through a Facebook Page with Facebook Login; 422 on variant for one the provider does not have): 302 to the network's authorization page with a single-use state (10 minutes, bound to the session and the team) and PKCE S256; redirect_uri is {PUBLIC_URL}/api/v1/accounts/callback/{provider}. A full-page navigation, not a fetch. Without the network's client configured, or past the accounts quota: 302 to /team/accounts?connect=error&reason=not_configured|quota.",
    tag: "accounts",
    access: "team",
    permission: "team.accounts.update_account",
    ok: { status: 302, description: "Location: the network's authorization page" },
    errors: [402, 404, 422],
  },
  {
    method: "GET",
    path: "/api/v1/invites/:key/connect",
    summary:
      "Start linking the invitee's own account by OAuth for an account invite: as the team's connect, the state bound to the invite; the result comes back to /invite/{key}.",
    tag: "invites",
    access: "session",
    ok: { status: 302, description: "Location: the network's authorization page" },
    errors: [404],
  },
  {
    method: "GET",
    path: "/api/v1/accounts/callback/:provider",
    summary:
      "Where the network sends the person back (query: state, code or error). The state is used once by the session that started it; the code is exchanged, the login's channels read, one linked as real (sandbox: false), its tokens sealed and never answered. 302 to /team/accounts (or /invite/{key}) with connect=linked&account=..., connect=choose&pick=... (several channels), or connect=error&reason=denied|state|code|network|no_channel|linked|quota|not_configured|invite; nothing is linked on an error.",
    tag: "accounts",
    access: "session",
    ok: { status: 302, description: "Location: the page that says the result" },
  },
  {
    method: "GET",
    path: "/api/v1/accounts/connect/choices/:pick",
    summary:
      "After a login that owns several channels: the channels offered ({ provider, invite_key, choices: [{ external_id, name, screen_name, profile_picture, url, through? }] }: through, the Facebook Page an Instagram account comes through), for 10 minutes, to the session that connected.",
    tag: "accounts",
    access: "session",
    ok: { status: 200, description: "{ provider, invite_key, choices }" },
    errors: [404],
  },
  {
    method: "POST",
    path: "/api/v1/accounts/connect/choices/:pick",
    summary:
      "Link the chosen channel ({ external_id }, 422 when it was not offered); the pick is used once (404 after).",
    tag: "accounts",
    access: "session",
    body: "object",
    ok: { status: 200, description: "{ linked: { external_id, name }, page }" },
    errors: [404, 409, 422],
  },
  {
    method: "GET",
    path: "/api/v1/teams/current/accounts/:id/quota",
    summary:
      "A real account's network quota ({ quota: { unit, used, limit, resets_at, paused }, expected: { unit, first_load_per_1000_entrants, later_load, publication, reads_per_1000_entrants? } }: YouTube units, X calls and reads); { quota: null, expected: null } for a network without one.",
    tag: "accounts",
    access: "team",
    ok: { status: 200, description: "{ quota, expected }" },
    errors: [402, 404],
  },
];
