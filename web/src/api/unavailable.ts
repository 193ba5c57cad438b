/**
 * The server said the service is out of reach for a moment (503 `databaseUnavailable`, with Retry-After): the
 * call is sent again after the time it gives, and the page shows "temporarily unavailable, retrying" meanwhile
 * (UnavailableNotice), instead of an error dialog. Given up after MAX_WAIT_MS: then the error goes to the page.
 */
import { useSyncExternalStore } from "react";

export const UNAVAILABLE_KEY = "databaseUnavailable";
/** The longest a call waits for the service to come back. */
export const MAX_WAIT_MS = 5 * 60_000;
/** Bounds on one wait, whatever Retry-After says. */
const MIN_WAIT_MS = 1_000;
const MAX_ONE_WAIT_MS = 30_000;

let waiting = 0;
const listeners = new Set<() => void>();
const changed = () => {
  for (const l of listeners) l();
};

/** Whether a call is waiting for the service to come back (for UnavailableNotice). */
export function useRetryingUnavailable(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => waiting > 0,
    () => false,
  );
}

async function saysUnavailable(res: Response): Promise<boolean> {
  if (res.status !== 503) return false;
  const body: unknown = await res
    .clone()
    .json()
    .catch(() => null);
  return !!body && typeof body === "object" && (body as { error?: unknown }).error === UNAVAILABLE_KEY;
}

/** Retry-After in ms (seconds or an HTTP date), within the bounds. */
function waitOf(res: Response): number {
  const header = res.headers.get("Retry-After") ?? "";
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) && header !== "" ? seconds * 1000 : Date.parse(header) - Date.now();
  return Math.min(MAX_ONE_WAIT_MS, Math.max(MIN_WAIT_MS, Number.isFinite(ms) ? ms : MIN_WAIT_MS));
}

/** Sends the call, and again after Retry-After while the service answers it is out of reach (MAX_WAIT_MS at most). */
export async function fetchRetryingUnavailable(send: () => Promise<Response>): Promise<Response> {
  let res = await send();
  if (!(await saysUnavailable(res))) return res;
  const deadline = Date.now() + MAX_WAIT_MS;
  waiting++;
  changed();
  try {
    while (Date.now() < deadline && (await saysUnavailable(res))) {
      await new Promise((r) => setTimeout(r, waitOf(res)));
      res = await send();
    }
    return res;
  } finally {
    waiting--;
    changed();
  }
}
