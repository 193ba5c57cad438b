/**
 * Account names (handles) per network, read from each provider's `handle` rule (schemas/providers/<name>.json,
 * checked by schemas/meta/provider.schema.json): the builder's account lists normalise what is typed with it, the
 * draw filters compare handles with it, and the account_handle rule validates with it. Pure: the definitions are
 * an argument, nothing is loaded here, so a provider added under schemas/ brings its own rule.
 */
import type { ProviderHandle } from "../../codegen/types";

export type { ProviderHandle };

/** What the handle functions need of a provider definition (a definition itself will do). */
export type HandleProvider = { readonly name: string; readonly handle?: ProviderHandle | undefined };

/** The provider definitions by name, as the server's catalogue keeps them (a Map) or as a plain object. */
export type HandleProviders =
  | ReadonlyMap<string, HandleProvider>
  | Readonly<Record<string, HandleProvider | undefined>>;

export function handleProviderOf(providers: HandleProviders, name: string): HandleProvider | undefined {
  if (providers instanceof Map) return providers.get(name);
  const record = providers as Readonly<Record<string, HandleProvider | undefined>>;
  return Object.hasOwn(record, name) ? record[name] : undefined;
}

/** Every definition that has a handle rule (the networks whose accounts can be listed). */
export function handleProvidersIn(providers: HandleProviders): HandleProvider[] {
  const all =
    providers instanceof Map
      ? [...(providers as ReadonlyMap<string, HandleProvider>).values()]
      : Object.values(providers as Readonly<Record<string, HandleProvider | undefined>>);
  return all.filter((p): p is HandleProvider => p?.handle !== undefined);
}

/** The compiled pattern of each rule; a pattern that does not compile accepts nothing (the schema linter says so). */
const compiled = new WeakMap<ProviderHandle, RegExp | null>();

function patternOf(rule: ProviderHandle): RegExp | null {
  let re = compiled.get(rule);
  if (re === undefined) {
    try {
      re = new RegExp(rule.pattern, "u");
    } catch {
      re = null;
    }
    compiled.set(rule, re);
  }
  return re;
}

/** Whether `handle` (without its @) is valid as it stands: at most max_length code points, matching the pattern. */
export function isValidHandle(rule: ProviderHandle, handle: string): boolean {
  if (handle === "") return false;
  // UTF-16 units are at least the code points: count these only when the units are over the limit.
  if (handle.length > rule.max_length && [...handle].length > rule.max_length) return false;
  return patternOf(rule)?.test(handle) ?? false;
}

/** The typed text without its surrounding spaces and without one leading @. */
function bare(input: string): string {
  const trimmed = input.trim();
  return trimmed.startsWith("@") ? trimmed.slice(1) : trimmed;
}

/**
 * A typed account as the network writes it, without the @: trimmed, one leading @ dropped, lower-cased when the
 * network's case is "lower", completed with the rule's suffix when only that makes it valid. null when it is not
 * a handle of that network (or the network has no handle rule). A handle this returns is returned unchanged when
 * normalised again.
 */
export function normalizeHandle(provider: HandleProvider, input: string): string | null {
  const rule = provider.handle;
  if (!rule) return null;
  const typed = bare(input);
  if (typed === "") return null;
  const candidates = rule.suffix ? [typed, `${typed}${rule.suffix}`] : [typed];
  for (const candidate of candidates) {
    const cased = rule.case === "lower" ? candidate.toLowerCase() : candidate;
    if (isValidHandle(rule, cased)) return cased;
  }
  return null;
}

/**
 * A handle as compared (an excluded account against an entrant, an account to follow against the accounts
 * followed): normalised by the network's rule, without the @, lower case unless the network's case is
 * "sensitive". What the rule refuses (an id, a name written before the rule existed) is compared trimmed, without
 * its @ and lower-cased the same way, so it still matches itself.
 */
export function handleKey(provider: HandleProvider | undefined, handle: string): string {
  const normalized = provider ? normalizeHandle(provider, handle) : null;
  const key = normalized ?? bare(handle);
  return provider?.handle?.case === "sensitive" ? key : key.toLowerCase();
}
