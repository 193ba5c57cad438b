/**
 * Text-entry normalisers (contest-builder.md §5, "Text entries"): what happens when someone types an entry into a
 * keyword, manual-check-reason or account list (excluded accounts, accounts to follow). Each `add…` returns a new
 * list (never mutating the old one); each `check…` says whether an input would be accepted and, if not, why, so
 * the UI can explain. An input that is refused leaves the list unchanged: the spec says such entries are
 * "ignored", not errors. Accounts are checked with the network's handle rule (engine/text/handle.ts).
 */
import { type HandleProvider, handleKey, normalizeHandle } from "./handle";

export type EntryRejection =
  | "empty" // nothing left once whitespace is dealt with
  | "lone_hash" // a keyword that is just "#"
  | "duplicate" // already in the list
  | "too_short" // a manual-check reason under 3 characters
  | "too_long" // a manual-check reason over 50 characters
  | "invalid_handle"; // not an account name of the network (its provider's handle rule)

/**
 * `value` is the input as it would be stored, so a refusal can name it ("@foo is already excluded"). An
 * invalid_handle refusal may carry `example`, an account of the network as it should be written ("@alice.bsky.social").
 */
export type EntryCheck =
  | { accepted: true; value: string }
  | { accepted: false; value: string; reason: EntryRejection; example?: string };

export const MANUAL_CHECK_REASON_LENGTH = { min: 3, max: 50 } as const;

function refuse(value: string, reason: EntryRejection): EntryCheck {
  return { accepted: false, value, reason };
}

function appendIfAccepted(list: readonly string[], check: EntryCheck): string[] {
  return check.accepted ? [...list, check.value] : [...list];
}

/** Shared by both keyword kinds: they differ only in how the input is cleaned. */
function checkKeywordValue(list: readonly string[], value: string): EntryCheck {
  if (value === "") return refuse(value, "empty");
  if (value === "#") return refuse(value, "lone_hash");
  if (list.includes(value)) return refuse(value, "duplicate");
  return { accepted: true, value };
}

/** Bad-word and facebook keywords: inner whitespace collapsed to one space, ends trimmed. */
export function checkKeyword(list: readonly string[], input: string): EntryCheck {
  return checkKeywordValue(list, input.replace(/\s+/g, " ").trim());
}

export function addKeyword(list: readonly string[], input: string): string[] {
  return appendIfAccepted(list, checkKeyword(list, input));
}

/** Twitter keywords: only the ends are trimmed (inner spacing is kept as typed). */
export function checkTwitterKeyword(list: readonly string[], input: string): EntryCheck {
  return checkKeywordValue(list, input.trim());
}

export function addTwitterKeyword(list: readonly string[], input: string): string[] {
  return appendIfAccepted(list, checkTwitterKeyword(list, input));
}

/**
 * Manual-check reasons: trimmed (so padding can't make a 2-letter reason pass), then 3 to 50 characters counted as
 * the validator's `between` rule counts them (code points, not UTF-16 units), so what is accepted here validates.
 */
export function checkManualCheckReason(list: readonly string[], input: string): EntryCheck {
  const value = input.trim();
  const length = [...value].length;
  if (length === 0) return refuse(value, "empty");
  if (length < MANUAL_CHECK_REASON_LENGTH.min) return refuse(value, "too_short");
  if (length > MANUAL_CHECK_REASON_LENGTH.max) return refuse(value, "too_long");
  if (list.includes(value)) return refuse(value, "duplicate");
  return { accepted: true, value };
}

export function addManualCheckReason(list: readonly string[], input: string): string[] {
  return appendIfAccepted(list, checkManualCheckReason(list, input));
}

/**
 * Whose handle rules an account list follows: a source's list, its network (one provider); the contest's own list
 * (base), every network of the builder (several providers).
 */
export type AccountNetworks = HandleProvider | readonly HandleProvider[];

function networksOf(networks: AccountNetworks): readonly HandleProvider[] {
  return Array.isArray(networks) ? (networks as readonly HandleProvider[]) : [networks as HandleProvider];
}

/** An account of the network as its rule writes one: its first example, with the @. */
function exampleOf(provider: HandleProvider | undefined): { example: string } | Record<string, never> {
  const example = provider?.handle?.examples[0];
  return example ? { example: `@${example}` } : {};
}

/**
 * One account: "@" added when missing, then checked with the handle rule of the list's network(s).
 *
 * One network: the account is stored as that network normalises it (lower-cased where the network writes handles
 * in lower case, completed with its suffix: bluesky "@alice" is "@alice.bsky.social"); it repeats an entry when
 * both are the same account there ("@Brand" repeats "@brand" on a case-insensitive network, and the casing typed
 * first is kept).
 *
 * Several networks (the contest-wide list): it is stored as typed (with its @) when at least one network accepts
 * it, each network reading it its own way when the entrants are filtered; it repeats the list only when every
 * network that accepts it already holds that account.
 */
export function checkExcludedAccount(
  networks: AccountNetworks,
  list: readonly string[],
  input: string,
): EntryCheck {
  const trimmed = input.trim();
  if (trimmed === "") return refuse(trimmed, "empty");
  const typed = trimmed.startsWith("@") ? trimmed : `@${trimmed}`;
  const all = networksOf(networks);
  const single = all.length === 1 ? all[0] : undefined;
  if (single) {
    const handle = normalizeHandle(single, typed);
    if (handle === null) return { ...refuse(typed, "invalid_handle"), ...exampleOf(single) };
    const value = `@${handle}`;
    const key = handleKey(single, value);
    if (list.some((entry) => handleKey(single, entry) === key)) return refuse(value, "duplicate");
    return { accepted: true, value };
  }
  const accepting = all.filter((p) => normalizeHandle(p, typed) !== null);
  if (accepting.length === 0) return refuse(typed, "invalid_handle");
  const known = (p: HandleProvider) => {
    const key = handleKey(p, typed);
    return list.some((entry) => handleKey(p, entry) === key);
  };
  if (accepting.every(known)) return refuse(typed, "duplicate");
  return { accepted: true, value: typed };
}

/**
 * An account-list input may hold several accounts separated by spaces or commas ("@a, @b c"). Each piece is
 * checked in turn against the list as it grows, so a repeat inside the same input is reported as a duplicate.
 * A blank input gives a single "empty" verdict; separators alone between pieces are not entries.
 */
export function checkExcludedAccounts(
  networks: AccountNetworks,
  list: readonly string[],
  input: string,
): EntryCheck[] {
  const pieces = input.split(/[\s,]+/).filter((piece) => piece !== "");
  if (pieces.length === 0) return [refuse("", "empty")];
  const grown = [...list];
  return pieces.map((piece) => {
    const check = checkExcludedAccount(networks, grown, piece);
    if (check.accepted) grown.push(check.value);
    return check;
  });
}

export function addExcludedAccounts(
  networks: AccountNetworks,
  list: readonly string[],
  input: string,
): string[] {
  const added = checkExcludedAccounts(networks, list, input).flatMap((check) =>
    check.accepted ? [check.value] : [],
  );
  return [...list, ...added];
}
