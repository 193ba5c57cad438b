/**
 * Text-entry normalisers (contest-builder.md §5, "Text entries"): what happens when someone types an entry into a
 * keyword, manual-check-reason or excluded-account list. Each `add…` returns a new list (never mutating the old
 * one); each `check…` says whether an input would be accepted and, if not, why, so the UI can explain.
 * An input that is refused leaves the list unchanged: the spec says such entries are "ignored", not errors.
 */

export type EntryRejection =
  | "empty" // nothing left once whitespace is dealt with
  | "lone_hash" // a keyword that is just "#"
  | "duplicate" // already in the list
  | "too_short" // a manual-check reason under 3 characters
  | "too_long" // a manual-check reason over 50 characters
  | "invalid_handle"; // not @ followed by 1 to 15 word characters

/** `value` is the input as it would be stored, so a refusal can name it ("@foo is already excluded"). */
export type EntryCheck =
  | { accepted: true; value: string }
  | { accepted: false; value: string; reason: EntryRejection };

export const MANUAL_CHECK_REASON_LENGTH = { min: 3, max: 50 } as const;

/** Twitter handles: 1 to 15 of [A-Za-z0-9_] (JavaScript's \w without the u flag is exactly that set). */
const HANDLE = /^@\w{1,15}$/;

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
 * One excluded account: "@" added when missing, then it must be @ + 1 to 15 word characters. Handles are
 * case-insensitive on the networks, so "@Brand" duplicates "@brand"; the casing typed first is kept.
 */
export function checkExcludedAccount(list: readonly string[], input: string): EntryCheck {
  const trimmed = input.trim();
  if (trimmed === "") return refuse(trimmed, "empty");
  const value = trimmed.startsWith("@") ? trimmed : `@${trimmed}`;
  if (!HANDLE.test(value)) return refuse(value, "invalid_handle");
  const lower = value.toLowerCase();
  if (list.some((entry) => entry.toLowerCase() === lower)) return refuse(value, "duplicate");
  return { accepted: true, value };
}

/**
 * An excluded-accounts input may hold several accounts separated by spaces or commas ("@a, @b c"). Each piece is
 * checked in turn against the list as it grows, so a repeat inside the same input is reported as a duplicate.
 * A blank input gives a single "empty" verdict; separators alone between pieces are not entries.
 */
export function checkExcludedAccounts(list: readonly string[], input: string): EntryCheck[] {
  const pieces = input.split(/[\s,]+/).filter((piece) => piece !== "");
  if (pieces.length === 0) return [refuse("", "empty")];
  const grown = [...list];
  return pieces.map((piece) => {
    const check = checkExcludedAccount(grown, piece);
    if (check.accepted) grown.push(check.value);
    return check;
  });
}

export function addExcludedAccounts(list: readonly string[], input: string): string[] {
  const added = checkExcludedAccounts(list, input).flatMap((check) => (check.accepted ? [check.value] : []));
  return [...list, ...added];
}
