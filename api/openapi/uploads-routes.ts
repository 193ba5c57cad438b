import type { RouteDoc } from "./routes";

const UPLOAD_PERMISSION =
  "team.contests.create_contests team.contests.create_drafts team.templates.create_templates " +
  "team.contests.update_contests team.contests.update_drafts";

const UPLOADED =
  "{ uuid, mime, size } (a MediaFile of the builder); 200 with the same uuid when the team already uploaded these bytes.";

/** The uploads routes, described for the OpenAPI document and the route-coverage test (see routes.ts). */
export const UPLOADS_ROUTES: RouteDoc[] = [
  {
    method: "POST",
    path: "/api/v1/upload",
    summary:
      "Upload a media file: multipart/form-data with one field `file`, streamed to disk (at most the builder's " +
      "limits.mediaMaxSize, 200 MB by default; 413 past it). The type is read from the bytes: jpeg, png, gif " +
      "or an accepted video, 415 otherwise, whatever the name or declared type.",
    tag: "uploads",
    access: "team",
    permission: UPLOAD_PERMISSION,
    ok: { status: 201, description: UPLOADED },
    errors: [402, 413, 415],
  },
  {
    method: "POST",
    path: "/api/v1/upload/contest_builder",
    summary: "The builder's upload call: the same as POST /api/v1/upload.",
    tag: "uploads",
    access: "team",
    permission: UPLOAD_PERMISSION,
    ok: { status: 201, description: UPLOADED },
    errors: [402, 413, 415],
  },
  {
    method: "GET",
    path: "/api/v1/upload/view/:uuid",
    summary:
      "The uploaded bytes with their type (inline, nosniff, private cache, ETag); a Range request gets 206 " +
      "with Content-Range, 416 when the range is outside the file. Another team's uuid is a 404.",
    tag: "uploads",
    access: "team",
    permission: "team.contests.view_contests team.templates.view_templates",
    ok: { status: 200, description: "The file's bytes (206 for a range)." },
    errors: [402, 404, 416],
  },
  {
    method: "DELETE",
    path: "/api/v1/upload",
    summary:
      "The team no longer needs an upload (body: the earlier { uuid, ... }). Its bytes go when no other team " +
      "has them; an upload a saved contest or template still shows is kept.",
    tag: "uploads",
    access: "team",
    permission: UPLOAD_PERMISSION,
    body: "object",
    ok: { status: 200, description: "{ success: true }" },
    errors: [402, 404],
  },
  {
    method: "GET",
    path: "/api/v1/media/:uuid",
    summary:
      "An upload for a network's servers to fetch (Instagram's and Threads' media containers): no session, the " +
      "query's `expires` (unix seconds) and `signature` (HMAC-SHA256 of the uuid and expiry) made by the server " +
      "when it publishes. Expired, tampered or unknown: 404. Cached at most until it expires.",
    tag: "uploads",
    access: "public",
    ok: { status: 200, description: "The file's bytes with their type." },
    errors: [404],
  },
];
