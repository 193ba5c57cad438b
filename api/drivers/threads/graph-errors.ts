/**
 * Meta Graph errors (`{ error: { code, error_subcode, message } }`) as our errors, for Threads: rate limits
 * (4, 17, 32, 613, and Threads' publishing cap) wait as the usage headers say; 190 (the token expired or was
 * revoked) needs a reconnect; 10 and 200 (a permission missing) too, since only a new consent grants it; 100 on
 * an object (it does not exist, was deleted, or cannot be read) is the post being unavailable. The codes follow
 * Meta's Graph error reference; fb's shared mapping (api/drivers/shared/meta-graph.ts) may take this over.
 */
import { AccountNeedsReconnect, NetworkUnavailable, PostUnavailable, RateLimited } from "../errors";

export type GraphProblem = {
  error?: { code?: number; error_subcode?: number; type?: string; message?: string };
};

const RATE_CODES = new Set([4, 17, 32, 613]);
const PERMISSION_CODES = new Set([10, 200]);
/** When Meta does not say how long to wait. */
const DEFAULT_WAIT_MS = 15 * 60_000;

/** How long Meta asks to wait: Retry-After, or the usage headers' estimated_time_to_regain_access (minutes). */
export function usageWaitMs(headers: Headers | null): number {
  if (!headers) return DEFAULT_WAIT_MS;
  const retry = Number(headers.get("retry-after"));
  if (Number.isFinite(retry) && retry > 0) return retry * 1000;
  for (const name of ["x-business-use-case-usage", "x-app-usage"]) {
    const raw = headers.get(name);
    if (!raw) continue;
    try {
      const minutes = findRegain(JSON.parse(raw));
      if (minutes !== null && minutes > 0) return minutes * 60_000;
    } catch {
      // An unreadable header says nothing; the default wait holds.
    }
  }
  return DEFAULT_WAIT_MS;
}

function findRegain(value: unknown): number | null {
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = findRegain(v);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (typeof o.estimated_time_to_regain_access === "number") return o.estimated_time_to_regain_access;
    return findRegain(Object.values(o));
  }
  return null;
}

export function graphError(res: Response | null, problem: GraphProblem, what: string, _now: number): Error {
  const code = problem.error?.code ?? 0;
  const label = `${what}: ${res?.status ?? ""} graph ${code}${problem.error?.error_subcode ? `/${problem.error.error_subcode}` : ""}`;
  if (RATE_CODES.has(code) || res?.status === 429)
    return new RateLimited(usageWaitMs(res?.headers ?? null), label);
  if (code === 190) return new AccountNeedsReconnect(label);
  if (PERMISSION_CODES.has(code)) return new AccountNeedsReconnect(`${label} (permission missing)`);
  if (code === 100 || res?.status === 404) return new PostUnavailable(label);
  return new NetworkUnavailable(label);
}
