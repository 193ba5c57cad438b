/**
 * Every abuse limit of the server, in one place (docs/security.md lists them with what each protects and the
 * test that proves it). A limit is a number of events per window and per key (a client address, an e-mail, a
 * team); its numbers are configuration: the defaults below, each overridable with LIMITS="name=max/window".
 *
 * Hits are rows of the database (`limit_hits`, api/db/limit-hits.ts), so every process of a deployment counts
 * the same ones and a restart forgets nothing. `take` counts and records in one step no other request or
 * process can split; hits older than the longest window are pruned, at most once an hour per process.
 * Count limits (e.g. drafts kept for payment) are counted in the database by their caller and compared here.
 */
import type { Clock } from "./clock";
import type { LimitHits } from "./db/limit-hits";
import { EnvError } from "./env";
import { AppError, type ErrorKey } from "./errors";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type LimitRule = { max: number; windowMs: number };

export const DEFAULT_LIMITS = {
  /** Codes asked for by one client, whatever the addresses: a single client can't mail-bomb nor lock many. */
  "signin.codes.per_address": { max: 10, windowMs: HOUR },
  /** Codes sent to one e-mail: above the per-client limit, so one client alone can't block a person. */
  "signin.codes.per_email": { max: 20, windowMs: HOUR },
  /** Wrong codes from one client, whatever the e-mails (a client guessing on 40 addresses is stopped). */
  "signin.guesses.per_address": { max: 20, windowMs: DAY },
  /** Wrong codes on one e-mail, from anywhere: what keeps guessing hopeless (docs/decisions/016). */
  "signin.guesses.per_email": { max: 30, windowMs: DAY },
  /** Invitation mails one team sends. */
  "mail.per_team": { max: 50, windowMs: DAY },
  /** Invitation mails one address receives, from every team together. */
  "mail.per_recipient": { max: 5, windowMs: DAY },
  /** Uploads one team makes (the storage itself is the plan's `storage` quota). */
  "uploads.per_team": { max: 30, windowMs: HOUR },
  /** Messages one person sends to support through the contact form (each is an e-mail to a person). */
  "contact.per_user": { max: 5, windowMs: HOUR },
  /** Teams one person creates. */
  "teams.created.per_user": { max: 10, windowMs: DAY },
  /** Drafts one team keeps for a one-shot payment at once (a count, no window). */
  "drafts.for_payment.per_team": { max: 5, windowMs: 0 },
} satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof DEFAULT_LIMITS;

const UNITS: Record<string, number> = { s: 1000, m: MINUTE, h: HOUR, d: DAY };

/** "30/1d" → 30 per day; "5" → 5 (a count limit). */
function parseRule(name: string, text: string): LimitRule {
  const m = /^(\d+)(?:\/(\d+)([smhd]))?$/.exec(text);
  if (!m) throw new EnvError(`LIMITS ${name}=${text}: write max/window, e.g. 30/1d, 10/1h or 5`);
  const windowMs = m[2] && m[3] ? Number(m[2]) * (UNITS[m[3]] ?? 0) : 0;
  return { max: Number(m[1]), windowMs };
}

export function readLimits(overrides: Record<string, string>): Record<LimitName, LimitRule> {
  const out = { ...DEFAULT_LIMITS } as Record<LimitName, LimitRule>;
  for (const [name, text] of Object.entries(overrides)) {
    if (!(name in DEFAULT_LIMITS)) {
      throw new EnvError(
        `LIMITS names an unknown limit "${name}" (known: ${Object.keys(DEFAULT_LIMITS).join(", ")})`,
      );
    }
    out[name as LimitName] = parseRule(name, text);
  }
  return out;
}

/** Old hits are deleted at most this often (per process). */
const PRUNE_EVERY_MS = HOUR;

export class Limiter {
  readonly rules: Record<LimitName, LimitRule>;
  private prunedAt = 0;

  constructor(
    rules: Record<LimitName, LimitRule>,
    private readonly clock: Clock,
    private readonly hits: LimitHits,
  ) {
    this.rules = rules;
  }

  private since(name: LimitName, now: Date): string {
    return new Date(now.getTime() - this.rules[name].windowMs).toISOString();
  }

  /** How many events of `name` the key had in the window. */
  async used(name: LimitName, key: string): Promise<number> {
    return (await this.hits.use(name, key, this.since(name, this.clock()))).count;
  }

  /** The 429 of a key that used up `name`, retry_after counted from its oldest hit in the window. */
  private async refusal(name: LimitName, key: string, message: string, now: Date): Promise<AppError> {
    const { oldest } = await this.hits.use(name, key, this.since(name, now));
    const from = oldest ? Date.parse(oldest) : now.getTime();
    const retryAfter = Math.max(1, Math.ceil((from + this.rules[name].windowMs - now.getTime()) / 1000));
    return new AppError("tooManyAttempts", {
      message,
      internal: `limit ${name} reached for ${key}`,
      extra: { limit: name, retry_after: retryAfter },
    });
  }

  /** 429 when the key used up `name` already; counts nothing. */
  async check(name: LimitName, key: string, message: string): Promise<void> {
    const now = this.clock();
    const { count } = await this.hits.use(name, key, this.since(name, now));
    if (count >= this.rules[name].max) throw await this.refusal(name, key, message, now);
  }

  /** Counts one event of `name` for the key, whatever the count; answers the hit's id (for `forget`). */
  async hit(name: LimitName, key: string): Promise<string> {
    const now = this.clock();
    const id = await this.hits.hit(name, key, now.toISOString());
    await this.pruneNow(now);
    return id;
  }

  /**
   * check then hit as one step (no other request nor process passes between them): refused with 429 once the
   * limit is reached. Answers the hit's id, for an attempt that may turn out not to count (`forget`).
   */
  async take(name: LimitName, key: string, message: string): Promise<string> {
    const now = this.clock();
    const id = await this.hits.take(
      name,
      key,
      now.toISOString(),
      this.since(name, now),
      this.rules[name].max,
    );
    if (id === null) throw await this.refusal(name, key, message, now);
    await this.pruneNow(now);
    return id;
  }

  /** Takes back a hit (an attempt counted ahead that turned out not to count, e.g. a right sign-in code). */
  async forget(id: string): Promise<void> {
    await this.hits.remove(id);
  }

  /** Deletes the hits older than the longest window (no limit looks at them), at most once an hour. */
  private async pruneNow(now: Date): Promise<void> {
    if (now.getTime() - this.prunedAt < PRUNE_EVERY_MS && this.prunedAt <= now.getTime()) return;
    this.prunedAt = now.getTime();
    const longest = Math.max(...Object.values(this.rules).map((r) => r.windowMs));
    await this.hits.prune(new Date(now.getTime() - longest).toISOString());
  }

  /** A count limit (no window): the error `key` when `count` already reached the limit's max. */
  checkCount(name: LimitName, count: number, key: ErrorKey, message: string): void {
    if (count < this.rules[name].max) return;
    throw new AppError(key, {
      message,
      values: { n: this.rules[name].max },
      internal: `limit ${name} reached (${count})`,
      extra: { limit: name, max: this.rules[name].max },
    });
  }
}
