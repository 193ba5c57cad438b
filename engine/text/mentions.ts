/**
 * The mention grammar, read from a network's handle rule (schemas/providers/<name>.json `handle`): a mention is an
 * @ not inside a word ("contact@brand.com" mentions nobody) followed by the longest handle its rule accepts (the
 * short form its suffix completes included) that is not followed by more of a word (a sentence's final dot is not
 * part of it). On a network whose handles are `user@instance`,
 * "@alice@example.social" is one mention; on one whose handles are word characters, "@alice" is. The
 * accounts_mentioned_in rule of the builder and the draw's mention count both read mentions here.
 */
import { type HandleProvider, handleKey, normalizeHandle } from "./handle";

/** Without a network's rule: word characters, or a domain name ("@alice.example.com") without a final dot. */
const ANY_HANDLE = /^[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?$/;

/** An @ not inside a word or after another @, and what follows it up to a space (a mention is read from it). */
const AT = /(?<![\p{L}\p{N}_@])@(?=(\S{1,300}))/gu;
const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** The handle `text` starts with, by the network's rule: the longest prefix that is one and is not followed by more of a word. */
function leadingHandle(provider: HandleProvider | undefined, text: string): string | null {
  const chars = [...text];
  for (let end = chars.length; end > 0; end--) {
    const next = chars[end];
    if (next !== undefined && WORD_CHAR.test(next)) continue;
    const candidate = chars.slice(0, end).join("");
    const handle = provider?.handle
      ? normalizeHandle(provider, candidate)
      : ANY_HANDLE.test(candidate)
        ? candidate
        : null;
    if (handle !== null) return handle;
  }
  return null;
}

/**
 * The distinct accounts `text` mentions, as handle keys of the network (engine/text/handle.ts handleKey: "@Alice"
 * and "@alice" are one account where the network ignores case), leaving out `self`.
 */
export function mentionedAccounts(
  text: string,
  provider: HandleProvider | undefined,
  self?: string,
): Set<string> {
  const own = self === undefined ? undefined : handleKey(provider, self);
  const found = new Set<string>();
  for (const m of text.matchAll(AT)) {
    const after = m[1] ?? "";
    const handle = after.startsWith("@") ? null : leadingHandle(provider, after);
    const key = handle === null ? "" : handleKey(provider, handle);
    if (key !== "" && key !== own) found.add(key);
  }
  return found;
}

/**
 * mentionedAccounts for the builder's rule, remembered by network and text: while a person edits, the same
 * publication is checked against its listed accounts on every pass. The set is shared: read it, never change it.
 */
const mentionCache = new Map<string, ReadonlySet<string>>();
export function rememberedMentions(text: string, provider: HandleProvider | undefined): ReadonlySet<string> {
  const key = `${provider?.name ?? ""}\u0000${text}`;
  let found = mentionCache.get(key);
  if (!found) {
    if (mentionCache.size > 512) mentionCache.clear();
    found = mentionedAccounts(text, provider);
    mentionCache.set(key, found);
  }
  return found;
}

/** Forgets the remembered mentions (memory control; the benchmark's cold case). */
export function clearMentionCache(): void {
  mentionCache.clear();
}
