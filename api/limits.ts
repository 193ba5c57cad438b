/**
 * Every abuse limit of the server, in one place (docs/security.md lists them with what each protects and the
 * test that proves it). A limit is a number of events per window and per key (a client address, an e-mail, a
 * team); its numbers are configuration: the defaults below, each overridable with LIMITS="name=max/window".
 *
 * Counts are kept in this process's memory (a sliding log per key): the server is one process over one SQLite
 * file. A restart forgets them, which only gives an attacker a fresh window when the operator restarts.
 * Count limits (e.g. drafts kept for payment) are counted in the database by their caller and compared here.
 */
import type { Clock } from "./clock";
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

/** Past this many keys per limit the oldest are dropped, so a flood of new keys can't fill the memory. */
const MAX_KEYS = 50_000;

export class Limiter {
  readonly rules: Record<LimitName, LimitRule>;
  private readonly logs = new Map<LimitName, Map<string, number[]>>();

  constructor(
    rules: Record<LimitName, LimitRule>,
    private readonly clock: Clock,
  ) {
    this.rules = rules;
  }

  private recent(name: LimitName, key: string): number[] {
    const since = this.clock().getTime() - this.rules[name].windowMs;
    const log = this.logs.get(name)?.get(key);
    if (!log) return [];
    while (log.length > 0 && (log[0] ?? 0) <= since) log.shift();
    return log;
  }

  /** How many events of `name` the key had in the window. */
  used(name: LimitName, key: string): number {
    return this.recent(name, key).length;
  }

  /** 429 when the key used up `name` already; counts nothing. */
  check(name: LimitName, key: string, message: string): void {
    const rule = this.rules[name];
    const log = this.recent(name, key);
    if (log.length < rule.max) return;
    const oldest = log[0] ?? this.clock().getTime();
    const retryAfter = Math.max(1, Math.ceil((oldest + rule.windowMs - this.clock().getTime()) / 1000));
    throw new AppError("tooManyAttempts", {
      message,
      internal: `limit ${name} reached for ${key}`,
      extra: { limit: name, retry_after: retryAfter },
    });
  }

  /** Counts one event of `name` for the key. */
  hit(name: LimitName, key: string): void {
    let byKey = this.logs.get(name);
    if (!byKey) {
      byKey = new Map();
      this.logs.set(name, byKey);
    }
    const log = this.recent(name, key);
    if (log.length === 0) {
      byKey.delete(key);
      if (byKey.size >= MAX_KEYS) {
        const first = byKey.keys().next().value;
        if (first !== undefined) byKey.delete(first);
      }
      byKey.set(key, log);
    }
    log.push(this.clock().getTime());
    // Only the last `max` matter to the check.
    if (log.length > this.rules[name].max) log.shift();
  }

  /** check then hit: an event that is refused once the limit is reached. */
  take(name: LimitName, key: string, message: string): void {
    this.check(name, key, message);
    this.hit(name, key);
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
