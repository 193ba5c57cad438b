import { hc } from "hono/client";
import type { AppType } from "../../../api/app";
import { ApiError, NETWORK_ERROR, toApiError } from "./errors";
import { fetchRetryingUnavailable } from "./unavailable";

/** Sent with every call (app-shell.md §7): the build's version, so the server can tell an outdated tab. */
export const APP_VERSION: string = import.meta.env.VITE_APP_VERSION ?? "dev";

/** One id per tab: the server can tell which tab caused a change (app-shell.md §7 "the websocket id"). */
export const SOCKET_ID: string =
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : String(Math.random()).slice(2);

let csrfToken = "";
/** The token being fetched, if one is: a state-changing call waits for it rather than go without. */
let pendingCsrf: Promise<void> | undefined;
/** Whether a session is open, so a state-changing call should carry a token (wantCsrf). */
let csrfWanted = false;

/** The headers of every call: XMLHttpRequest mark, version, socket id and the session's CSRF token. */
export function callHeaders(): Record<string, string> {
  return {
    "X-Requested-With": "XMLHttpRequest",
    "X-Fairdraw-Version": APP_VERSION,
    "X-Socket-Id": SOCKET_ID,
    ...(csrfToken ? { "X-CSRF-Token": csrfToken } : {}),
  };
}

/** The typed API client: paths, bodies and answers flow from the Hono routes. */
export const api = hc<AppType>("/api/v1", { headers: callHeaders, fetch: fetchWithFreshToken });

/**
 * A state-changing call refused for an out-of-date CSRF token (the person signed in again in another tab, or the
 * hourly refresh was missed while the laptop slept) fetches a fresh token and is sent once more, so the person
 * never sees a 403 for it.
 */
export async function fetchWithFreshToken(
  input: RequestInfo | URL,
  init: RequestInit = {},
): Promise<Response> {
  const method = (init.method ?? "GET").toUpperCase();
  if (method !== "GET") startCsrfIfWanted();
  if (method !== "GET" && pendingCsrf) {
    await pendingCsrf.catch(() => undefined);
    if (csrfToken) {
      const headers = new Headers(init.headers);
      headers.set("X-CSRF-Token", csrfToken);
      init = { ...init, headers };
    }
  }
  const res = await fetchRetryingUnavailable(() => fetch(input, init));
  if (res.status !== 403 || method === "GET") return res;
  const body: unknown = await res
    .clone()
    .json()
    .catch(() => null);
  if (!(body && typeof body === "object" && (body as { error?: unknown }).error === "csrfTokenMismatch"))
    return res;
  try {
    await refreshCsrf();
  } catch {
    return res;
  }
  const headers = new Headers(init.headers);
  headers.set("X-CSRF-Token", csrfToken);
  return fetchRetryingUnavailable(() => fetch(input, { ...init, headers }));
}

type Answer = { ok: boolean; status: number; json(): Promise<unknown> };
/** The body type of a typed call's answer (a union when the route answers several shapes). */
export type BodyOf<R> = R extends { json(): Promise<infer T> } ? T : never;

/**
 * Awaits a call and answers its JSON, or throws an ApiError with the server's error body (status 0 and key
 * `network` when the server could not be reached). Every page reads answers through this, one way.
 */
export async function unwrap<R extends Answer>(call: Promise<R>): Promise<BodyOf<R>> {
  let res: R;
  try {
    res = await call;
  } catch {
    throw new ApiError(0, { error: NETWORK_ERROR, message: "The server could not be reached." });
  }
  if (res.ok) {
    if (res.status === 204) return undefined as BodyOf<R>;
    return (await res.json()) as BodyOf<R>;
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON: the status alone speaks
  }
  throw toApiError(res.status, body);
}

/** Fetches a fresh CSRF token (before the session's first state-changing call, after sign-in, and every hour: app-shell.md §9). */
export async function refreshCsrf(): Promise<void> {
  const call = unwrap(api.refresh_csrf.$get()).then(({ csrf_token }) => {
    csrfToken = csrf_token;
  });
  pendingCsrf = call;
  try {
    await call;
  } finally {
    if (pendingCsrf === call) pendingCsrf = undefined;
  }
}

/**
 * The session is open: its first state-changing call fetches the token (and waits for it). A page that only reads
 * never asks for one, so the first paint does not wait behind that call (issue 28).
 */
export function wantCsrf(): void {
  csrfWanted = true;
}

/** The token, when a session wants one and none is held or coming (a signed-out visitor has none to get). */
function startCsrfIfWanted(): void {
  if (csrfWanted && !csrfToken && !pendingCsrf) void refreshCsrf().catch(() => undefined);
}

/** A call that does not go through the typed client (an upload) gets the token first, as every other call does. */
export async function ensureCsrf(): Promise<void> {
  startCsrfIfWanted();
  await pendingCsrf?.catch(() => undefined);
}

export function clearCsrf(): void {
  csrfToken = "";
  csrfWanted = false;
}

/** Every hour (app-shell.md §9, CSRF refresh 3 600 000 ms). */
export const CSRF_REFRESH_MS = 3_600_000;
