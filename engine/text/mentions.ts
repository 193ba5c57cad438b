/**
 * The mention grammar, read from a network's handle rule (schemas/providers/<name>.json `handle`): a mention is an
 * @ not inside a word ("contact@brand.com" mentions nobody) followed by a handle its rule accepts, not followed by
 * more of a word (a sentence's final dot is not part of it). On a network whose handles are `user@instance`,
 * "@alice@example.social" is one mention; on one whose handles are word characters, "@alice" is. The
 * accounts_mentioned_in rule of the builder and the draw's mention count both read mentions here.
 */
import { type HandleProvider, handleKey } from "./handle";

/** Without a network's rule: word characters, or a domain name ("@alice.example.com") without a final dot. */
const ANY_HANDLE = "[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?";

const compiled = new WeakMap<object, RegExp>();
let fallback: RegExp | undefined;

function grammar(body: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}_@])@(${body})(?![\\p{L}\\p{N}_])`, "gu");
}

/** The mention expression of a network: its handle pattern without the anchors; a wrong pattern falls back. */
function mentionExpression(provider: HandleProvider | undefined): RegExp {
  const rule = provider?.handle;
  if (!rule) {
    fallback ??= grammar(ANY_HANDLE);
    return fallback;
  }
  let re = compiled.get(rule);
  if (!re) {
    try {
      re = grammar(`(?:${rule.pattern.replace(/^\^/, "").replace(/\$$/, "")})`);
    } catch {
      re = grammar(ANY_HANDLE);
    }
    compiled.set(rule, re);
  }
  return re;
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
  for (const m of text.matchAll(mentionExpression(provider))) {
    const key = handleKey(provider, m[1] ?? "");
    if (key !== "" && key !== own) found.add(key);
  }
  return found;
}
