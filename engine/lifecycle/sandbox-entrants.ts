/**
 * Deterministic synthetic entrants for sandbox contests (decisions.md "Social networks"): the sandbox driver calls
 * this instead of reading a network. Everything comes from seededRandom(contestId, "sandbox:" + source id) — never
 * Math.random — so the same contest always gets the same entrants.
 *
 * Most entrants are clean: they meet every action the source asks. By construction some carry one defect each
 * (a bot, a second entry of the same account, a bad word, a young account, a high repost ratio, an excluded
 * handle, one missing action), at least one of each kind that the source's settings can catch when `count`
 * allows, so every filter has something to remove.
 *
 * Contest regulars: the accounts given as `returning` (the team's previous winners, most recent first, the same
 * for all the team's contests) are the first RETURNING_MAX to take a clean entrant's place, under their own id,
 * handle and name. They are clean but for having won before, so a rehearsal's previous-winners filter has someone
 * to catch. Without `returning` nothing changes (the same entrants as before for the same contest).
 *
 * Timing: with a `window` (a running contest's start and close), entries are made within it, most early and a
 * tail later (a truncated exponential, as real participation decays after the post), and only those made by
 * `now` are answered: the same contest read at two times gives the earlier read's entries and those made since,
 * so a rehearsal loaded while it runs sees entries arrive, and its winning moments, statistics and reminders
 * behave as a real contest's. Without a window (a quick import of a post already out), entries are dated over
 * the three days before `now`.
 */

import { hasActionKind, type ProviderFacts, profileUrlOf } from "../provider";
import { isValidHandle, normalizeHandle } from "../text/handle";
import { getIn, toTime } from "../values";
import { REACTIONS } from "./action-kinds";
import { addDays, addMonths } from "./calendar";
import { type Entrant, entrantId } from "./entrant";
import { type SeededRandom, type Sha256Text, seededRandom } from "./prng";
import {
  BOT_STEMS,
  COMMENT_OPENINGS,
  FALLBACK_BAD_WORDS,
  FIRST_NAMES,
  LAST_NAMES,
  PREDICTION_LEADS,
} from "./sandbox-names";
import { actionSettings } from "./settings";
import { fold } from "./text-match";

export type SandboxOptions = {
  contestId: string;
  /** The stored builder source (its id, type and settings). */
  source: Record<string, unknown>;
  /**
   * The source's provider definition: its actions' kinds, what its account ids and handles look like, its profile
   * URLs. Without one, the entrants do nothing a network could check.
   */
  network: ProviderFacts | undefined;
  count: number;
  now: string;
  /** External ids or handles a clean entrant follows, beside those the source's follow action names. */
  accountsToFollow?: string[];
  /** The contest's base, for its bad words and excluded accounts; without it fixed bad words are used. */
  base?: Record<string, unknown>;
  /**
   * Accounts that enter again (the team's previous winners, most recent first; see the file's comment). Those
   * of another network (provider given and not the source's) are left out.
   */
  returning?: readonly ReturningAccount[];
  /** The contest's own window (ISO 8601): entries are made within it, and those after `now` are not read yet. */
  window?: { start: string; end: string };
  /** The SHA-256 behind the random stream (prng.ts): the same stream, whichever computes it; the server passes node's. */
  digest?: Sha256Text;
};

/** An account of the team's earlier contests, as it entered them. */
export type ReturningAccount = {
  external_id: string;
  provider?: string;
  screen_name?: string | null;
  name?: string | null;
};

type Defect =
  | "bot"
  | "duplicate"
  | "bad_word"
  | "young"
  | "high_repost"
  | "excluded"
  | "no_comment"
  | "no_keyword"
  | "few_mentions"
  | "no_prediction"
  | "no_repost"
  | "no_quote"
  | "no_like"
  | "no_follow"
  | "no_reaction";

type Role = "clean" | "returning" | Defect;

/** Share of clean entrants among those not needed for the one-of-each defects, in percent. */
const CLEAN_PERCENT = 72;
/** At most this many returning accounts enter a source. */
export const RETURNING_MAX = 3;
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
/** How fast participation decays over a window: about half the entries come in its first fifth. */
const DECAY = 3;
/** Resolution of the uniform draw behind an entry time. */
const TIME_STEPS = 1_000_000;

function pick<T>(random: SeededRandom, list: readonly T[]): T {
  return list[random.below(list.length)] as T;
}

function shuffle<T>(random: SeededRandom, list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = random.below(i + 1);
    const t = list[i] as T;
    list[i] = list[j] as T;
    list[j] = t;
  }
  return list;
}

function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((v): v is string => typeof v === "string" && v.trim() !== "")
    : [];
}

function enabled(root: unknown, ...path: string[]): boolean {
  return getIn(root, [...path, "enabled"]) === true;
}

function numberAt(root: unknown, path: string[], fallback: number): number {
  const value = getIn(root, path);
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

/** A handle of ASCII word characters, at most 15 long. */
function asciiHandle(text: string): string {
  return fold(text)
    .replace(/[^a-z0-9_]/g, "")
    .slice(0, 15);
}

function digits(random: SeededRandom, length: number): string {
  let out = String(1 + random.below(9));
  while (out.length < length) out += String(random.below(10));
  return out;
}

/** A synthetic account id of the network's shape (account_id: prefix, then length characters of alphabet). */
function externalId(
  random: SeededRandom,
  shape: { prefix: string; length: number; alphabet: readonly string[] } | null,
): string {
  if (!shape) return digits(random, 16);
  let id = shape.prefix;
  for (let i = 0; i < shape.length; i++) id += pick(random, shape.alphabet);
  return id;
}

/** What joins a first and a last name in a handle: a dot or an underscore, whichever the handle rule takes. */
function separatorOf(network: ProviderFacts | undefined): string {
  const rule = network?.handle;
  if (!rule) return "_";
  return [".", "_"].find((sep) => isValidHandle(rule, `ab${sep}cd`)) ?? "";
}

/** A generated handle as the network writes it (completed with its suffix, lower-cased where it is). */
function networkHandle(network: ProviderFacts | undefined, handle: string): string {
  return network ? (normalizeHandle(network, handle) ?? handle) : handle;
}

/** Code-unit order (ISO 8601 UTC texts of one format sort as their instants). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A count spread like real audiences: mostly small, sometimes large. */
function audience(random: SeededRandom): number {
  const scale = pick(random, [200, 200, 1_000, 1_000, 5_000, 50_000]);
  return random.below(scale);
}

export function sandboxEntrants(opts: SandboxOptions): Entrant[] {
  const { source, base } = opts;
  const parsedNow = toTime(opts.now);
  if (parsedNow === null) {
    throw new RangeError(`sandboxEntrants: now is not an ISO 8601 date: ${JSON.stringify(opts.now)}`);
  }
  const readAt: number = parsedNow;
  const window = entryWindow(opts.window);
  // Entrants do not depend on when they are read (ages count from the window's start), only which are answered.
  const now: number = window ? window.start : readAt;
  const count = Math.max(0, Math.floor(opts.count));
  const provider = typeof source.type === "string" ? source.type : "sandbox";
  const sourceId = String(source.id ?? source._id ?? "");
  const random = seededRandom(opts.contestId, `sandbox:${sourceId}`, opts.digest);
  const { network } = opts;
  const idShape = network?.account_id
    ? { ...network.account_id, alphabet: [...network.account_id.alphabet] }
    : null;
  // A name's handle form, worked out once per name (the lists are short; a close makes tens of thousands).
  const asciiOf = new Map<string, string>();
  const ascii = (text: string): string => {
    let found = asciiOf.get(text);
    if (found === undefined) {
      found = asciiHandle(text);
      asciiOf.set(text, found);
    }
    return found;
  };
  /** The last instant an entry or a comment may be made: before the close, or before now without a window. */
  const lastAt = window ? window.end - SECOND : readAt;
  /** When an entrant entered: in the window, most early and a tail later; else over the three days before now. */
  const entryTime = (): number => {
    if (!window) return addDays(now, -3) + random.below(70 * 3_600) * SECOND;
    const span = window.end - SECOND - window.start;
    const u = random.below(TIME_STEPS) / TIME_STEPS;
    const share = -Math.log(1 - u * (1 - Math.exp(-DECAY))) / DECAY;
    return window.start + Math.min(span, Math.floor(share * span));
  };
  const rules = actionSettings(source, network);
  const rawKeywords =
    getIn(source, ["actions", "comment", "keywords", "enabled"]) === true
      ? strings(getIn(source, ["actions", "comment", "keywords", "list"]))
      : [];
  const rawPredictions = rules.comment.prediction
    ? strings(getIn(source, ["actions", "comment", "prediction", "list"]))
    : [];
  const otherAccounts = rules.follow.enabled
    ? strings(getIn(source, ["actions", "follow", "other_accounts", "list"])).map((h) => h.replace(/^@/, ""))
    : [];
  const excluded = [
    ...(enabled(source, "exclude_accounts") ? strings(getIn(source, ["exclude_accounts", "list"])) : []),
    ...(enabled(base, "exclude_accounts") ? strings(getIn(base, ["exclude_accounts", "list"])) : []),
  ].map((h) => h.replace(/^@/, ""));
  const listedBadWords = enabled(base, "exclude_contains_badword")
    ? strings(getIn(base, ["exclude_contains_badword", "list"]))
    : [];
  const badWords = listedBadWords.length > 0 ? listedBadWords : FALLBACK_BAD_WORDS;
  const monthsOld = enabled(source, "account_age") ? numberAt(source, ["account_age", "months_old"], 3) : 1;
  const rateMax = enabled(source, "check_retweet_rate")
    ? numberAt(source, ["check_retweet_rate", "max_percent_contests"], 50)
    : 50;
  // Reposts, quotes and the repost ratio belong to the networks that have a repost action.
  const hasReposts = hasActionKind(network, "repost");
  const onlyQuotes = (rules.comment.enabled && rules.comment.accept === "only_quotes") || rules.quote.enabled;
  const separator = separatorOf(network);
  const reactions = rules.react.accept.length > 0 ? rules.react.accept : [...REACTIONS];

  // The defects this source can catch, one of each first; the rest mostly clean.
  const catchable: Defect[] = ["bot", "duplicate", "bad_word", "young"];
  if (hasReposts) catchable.push("high_repost");
  if (excluded.length > 0) catchable.push("excluded");
  if (rules.comment.enabled && !onlyQuotes) catchable.push("no_comment");
  if (rules.comment.enabled && rules.comment.keywords.length > 0) catchable.push("no_keyword");
  if (rules.comment.enabled && rules.comment.mentionsMin > 0) catchable.push("few_mentions");
  if (rules.comment.enabled && rules.comment.prediction) catchable.push("no_prediction");
  if (rules.repost.enabled) catchable.push("no_repost");
  if (onlyQuotes) catchable.push("no_quote");
  if (rules.like.enabled) catchable.push("no_like");
  if (rules.follow.enabled && (rules.follow.author || rules.follow.others.length > 0))
    catchable.push("no_follow");
  if (rules.react.enabled) catchable.push("no_reaction");
  const roles: Role[] = shuffle(random, [...catchable]).slice(0, count);
  while (roles.length < count) {
    roles.push(random.below(100) < CLEAN_PERCENT ? "clean" : pick(random, catchable));
  }
  shuffle(random, roles);

  // The returning accounts take the place of the first clean entrants (no draw from the random stream).
  const returning: ReturningAccount[] = [];
  for (const account of opts.returning ?? []) {
    if (account.provider !== undefined && account.provider !== provider) continue;
    if (account.external_id === "" || returning.some((r) => r.external_id === account.external_id)) continue;
    if (returning.length < RETURNING_MAX) returning.push(account);
  }
  let toReturn = returning.length;
  for (let i = 0; i < roles.length && toReturn > 0; i++) {
    if (roles[i] === "clean") {
      roles[i] = "returning";
      toReturn--;
    }
  }

  const usedIds = new Set<string>(returning.map((r) => r.external_id));
  const usedHandles = new Set<string>(excluded.map((h) => h.toLowerCase()));
  for (const r of returning) if (r.screen_name) usedHandles.add(r.screen_name.toLowerCase());
  let commentSeq = 0;
  const commentId = () => `${sourceId}-c${++commentSeq}`;

  /** A free handle made from the name; once the short forms run out (large counts), one with more digits. */
  function handleFor(first: string, last: string): string {
    const f = ascii(first) || "user";
    const l = ascii(last);
    for (let attempt = 0; ; attempt++) {
      const candidates =
        attempt < 4
          ? [
              `${f}${l}`,
              `${f}${separator}${l}`,
              `${f}${digits(random, 2)}`,
              `the${f}`,
              `${l}${f.slice(0, 1)}${random.below(1000)}`,
            ]
          : [`${f.slice(0, 7)}${separator}${digits(random, 7)}`];
      const handle = pick(random, candidates).slice(0, 15);
      if (!usedHandles.has(handle.toLowerCase())) {
        usedHandles.add(handle.toLowerCase());
        return networkHandle(network, handle);
      }
    }
  }

  function freshId(): string {
    for (;;) {
      const id = externalId(random, idShape);
      if (!usedIds.has(id)) {
        usedIds.add(id);
        return id;
      }
    }
  }

  function mentions(n: number): string {
    const handles = new Set<string>();
    while (handles.size < n) handles.add(ascii(pick(random, FIRST_NAMES)) + digits(random, 3));
    return [...handles].map((h) => `@${h}`).join(" ");
  }

  /** A comment meeting the content rules, without the parts `leave` names. */
  function commentText(
    leave: { keyword?: boolean; mentions?: boolean; prediction?: boolean },
    badWord?: string,
  ) {
    const parts = [pick(random, COMMENT_OPENINGS)];
    if (rawKeywords.length > 0 && !leave.keyword) parts.push(pick(random, rawKeywords));
    if (rawPredictions.length > 0 && !leave.prediction)
      parts.push(`${pick(random, PREDICTION_LEADS)} ${pick(random, rawPredictions)}`);
    if (badWord) parts.push(`this is not a ${badWord}`);
    const wanted = rules.comment.mentionsMin;
    const n = leave.mentions
      ? Math.max(0, wanted - 1)
      : wanted > 0
        ? wanted + random.below(2)
        : random.below(2);
    if (n > 0) parts.push(mentions(n));
    return parts.join(" ");
  }

  function clean(): Entrant {
    const first = pick(random, FIRST_NAMES);
    const last = pick(random, LAST_NAMES);
    const id = freshId();
    const handle = handleFor(first, last);
    const firstAt = entryTime();
    const ageDays =
      Math.ceil((now - addMonths(now, -Math.max(monthsOld, 1))) / 86_400_000) + 30 + random.below(3650);
    const follows = new Set<string>(opts.accountsToFollow ?? []);
    if (rules.follow.enabled) {
      if (rules.follow.author) follows.add(rules.follow.author);
      for (const other of otherAccounts) follows.add(other);
    }
    const commentCount = rules.comment.enabled ? 1 + (random.below(5) === 0 ? 1 : 0) : 0;
    const comments = Array.from({ length: commentCount }, (_, i) => ({
      id: commentId(),
      text: commentText({}),
      at: new Date(Math.min(lastAt, firstAt + i * (2 + random.below(60)) * MINUTE)).toISOString(),
    }));
    return {
      id: entrantId(provider, id),
      provider,
      source_id: sourceId,
      external_id: id,
      screen_name: handle,
      name: `${first} ${last}`,
      profile_url: profileUrlOf(network, handle),
      account_created_at: new Date(addDays(now, -ageDays) - random.below(86_400) * SECOND).toISOString(),
      followers: audience(random),
      following: audience(random),
      posts: 20 + audience(random),
      is_bot_signal: false,
      comments,
      did: {
        repost: rules.repost.enabled || (hasReposts && random.below(3) === 0),
        quote: onlyQuotes || (hasReposts && random.below(10) === 0),
        like: rules.like.enabled || random.below(2) === 0,
        follows: [...follows],
        reactions: rules.react.enabled ? [pick(random, reactions)] : [],
      },
      repost_ratio: hasReposts ? random.below(Math.max(1, Math.min(45, rateMax))) : null,
      first_at: new Date(firstAt).toISOString(),
    };
  }

  function withDefect(entrant: Entrant, defect: Defect): Entrant {
    const e: Entrant = {
      ...entrant,
      did: { ...entrant.did },
      comments: entrant.comments.map((c) => ({ ...c })),
    };
    const firstComment = () => {
      const c = e.comments[0];
      if (c) return c;
      const created = { id: commentId(), text: "", at: e.first_at };
      e.comments.push(created);
      return created;
    };
    switch (defect) {
      case "bot": {
        const stem = pick(random, BOT_STEMS);
        const handle = `${stem}${digits(random, 15 - stem.length)}`;
        e.screen_name = networkHandle(network, handle);
        e.name = handle;
        e.profile_url = profileUrlOf(network, e.screen_name);
        e.is_bot_signal = true;
        e.followers = random.below(6);
        e.following = 1_500 + random.below(4_000);
        e.posts = 5_000 + random.below(40_000);
        break;
      }
      case "bad_word":
        firstComment().text = commentText({}, pick(random, badWords));
        break;
      case "young":
        e.account_created_at = new Date(
          addDays(now, -(1 + random.below(Math.max(1, monthsOld * 28 - 2)))) - random.below(86_400) * SECOND,
        ).toISOString();
        break;
      case "high_repost":
        e.repost_ratio = Math.min(100, rateMax + 1 + random.below(Math.max(1, 99 - rateMax)));
        break;
      case "excluded": {
        const handle = pick(random, excluded);
        e.screen_name = networkHandle(network, handle);
        e.name = handle;
        e.profile_url = profileUrlOf(network, e.screen_name);
        break;
      }
      case "no_comment":
        e.comments = [];
        e.did.quote = false;
        break;
      case "no_keyword":
        for (const c of e.comments) c.text = commentText({ keyword: true });
        break;
      case "few_mentions":
        for (const c of e.comments) c.text = commentText({ mentions: true });
        break;
      case "no_prediction":
        for (const c of e.comments) c.text = commentText({ prediction: true });
        break;
      case "no_repost":
        e.did.repost = false;
        e.did.quote = onlyQuotes;
        break;
      case "no_quote":
        e.did.quote = false;
        break;
      case "no_like":
        e.did.like = false;
        break;
      case "no_follow":
        e.did.follows = [];
        break;
      case "no_reaction":
        e.did.reactions = [];
        break;
      case "duplicate":
        break;
    }
    return e;
  }

  /** A clean entry of a returning account, under its own id, handle and name. */
  function returningEntrant(account: ReturningAccount): Entrant {
    const e = clean();
    const screenName = account.screen_name || e.screen_name;
    return {
      ...e,
      id: entrantId(provider, account.external_id),
      external_id: account.external_id,
      screen_name: screenName,
      name: account.name || e.name,
      profile_url: profileUrlOf(network, screenName),
    };
  }

  const made: { entrant: Entrant; role: Role }[] = [];
  const duplicates = roles.filter((r) => r === "duplicate").length;
  let returned = 0;
  for (const role of roles) {
    if (role === "duplicate") continue;
    const entrant =
      role === "clean"
        ? clean()
        : role === "returning"
          ? returningEntrant(returning[returned++] as ReturningAccount)
          : withDefect(clean(), role);
    made.push({ entrant, role });
  }
  // A second entry of an account (a clean one when there is one), later than its first, with its own comment.
  const originals = made.filter((m) => m.role === "clean");
  const pool = originals.length > 0 ? originals : made;
  for (let i = 0; i < duplicates && pool.length > 0; i++) {
    const original = pick(random, pool).entrant;
    const later = Math.min(lastAt, (toTime(original.first_at) ?? now) + (1 + random.below(90)) * MINUTE);
    const again: Entrant = {
      ...original,
      did: { ...original.did, follows: [...original.did.follows], reactions: [...original.did.reactions] },
      comments: original.comments.map((c) => ({ ...c, id: commentId(), at: new Date(later).toISOString() })),
      first_at: new Date(later).toISOString(),
    };
    made.push({ entrant: again, role: "duplicate" });
  }
  // As a network would list them: by the time they entered; in a window, only those made by the time of reading.
  return made
    .map((m, index) => ({ entrant: m.entrant, index }))
    .sort((a, b) => compareText(a.entrant.first_at, b.entrant.first_at) || a.index - b.index)
    .map((m) => m.entrant)
    .filter((e) => !window || (toTime(e.first_at) ?? Number.POSITIVE_INFINITY) <= readAt);
}

/** The window as instants, or null when it is absent or not a window (then the old three days before now). */
function entryWindow(window: SandboxOptions["window"]): { start: number; end: number } | null {
  if (!window) return null;
  const start = toTime(window.start);
  const end = toTime(window.end);
  if (start === null || end === null) return null;
  // Room for a first entry and its later comment or second entry, all before the close.
  return end - start >= 2 * SECOND ? { start, end } : null;
}
