/** What networks call on their own (Meta's webhooks and app callbacks): api/routes/meta-webhooks.ts. */
import type { RouteDoc } from "./routes";

export const WEBHOOK_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/api/v1/webhooks/:provider",
    summary:
      "Meta's webhook subscription check: answers hub.challenge as text when hub.mode is subscribe and hub.verify_token is the network's P_WEBHOOK_VERIFY_TOKEN; 403 otherwise. 404 for a network not configured or without webhooks.",
    tag: "webhooks",
    access: "public",
    ok: { status: 200, description: "the hub.challenge, as text/plain" },
    errors: [404],
  },
  {
    method: "POST",
    path: "/api/v1/webhooks/:provider",
    summary:
      "A webhook delivery (Facebook feed, Instagram comments, Threads replies). X-Hub-Signature-256 is checked over the raw body with the network's app secret: 401 and nothing stored otherwise. Each event is stored once by its id (a second delivery changes nothing) and brings forward the next load of every running contest reading its post, which turns it into an entry.",
    tag: "webhooks",
    access: "public",
    body: "object",
    ok: { status: 200, description: "{ received, stored, contests }" },
    errors: [404],
  },
  {
    method: "POST",
    path: "/api/v1/webhooks/:provider/deauthorize",
    summary:
      "Meta's deauthorize callback (form field signed_request, HMAC-SHA256 with the app secret; 401 otherwise, nothing changed): the accounts the person's login linked are disabled, their tokens dropped, their owners told to reconnect.",
    tag: "webhooks",
    access: "public",
    ok: { status: 200, description: "{ accounts }: how many were disabled" },
    errors: [404],
  },
  {
    method: "POST",
    path: "/api/v1/webhooks/:provider/data-deletion",
    summary:
      "Meta's data deletion request callback (signed_request as above): the login's accounts disabled, their tokens and the login's id dropped, the person's pushed events deleted. Answers Meta's { url, confirmation_code }; the url is the status route below.",
    tag: "webhooks",
    access: "public",
    ok: { status: 200, description: "{ url, confirmation_code }" },
    errors: [404],
  },
  {
    method: "GET",
    path: "/api/v1/webhooks/:provider/data-deletion/:code",
    summary:
      "The status of a data deletion request by its confirmation code: { confirmation_code, provider, status: completed | pending, requested_at, completed_at, accounts }. A browser (Accept names text/html and not application/json) gets a small page in its language saying the state and the code instead (404 for an unknown code).",
    tag: "webhooks",
    access: "public",
    ok: {
      status: 200,
      description: "{ confirmation_code, provider, status, requested_at, completed_at, accounts }",
    },
    errors: [404],
  },
];
