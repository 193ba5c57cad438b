/**
 * How much of each action's list a network let us read (issue 22: "likes: 100 listed of 412"), and the sandbox's
 * way of reading only that much: a rehearsal lists what the real network would (capabilities.actions of the
 * provider definition). Pure: the entrants and the definition are arguments.
 */
import { actionCapabilityOf, actionsOf, type ProviderFacts } from "../provider";
import type { Entrant } from "./entrant";

/** How much of one action's list the network let us read (api/drivers/types.ts ListReadability). */
export type ActionReadability = {
  /** The action kind, as in the provider definition (comment, like, repost, quote, follow, react). */
  action: string;
  /** Entrants read from the network for this action. */
  listed: number;
  /** What the network says the total is (a post's like count), null when it does not say. */
  total: number | null;
};

/** Whether the entrant is on the network's list of this kind of action. */
function didKind(entrant: Entrant, kind: string): boolean {
  switch (kind) {
    case "comment":
      return entrant.comments.length > 0;
    case "repost":
      return entrant.did.repost;
    case "quote":
      return entrant.did.quote;
    case "like":
      return entrant.did.like;
    case "follow":
      return entrant.did.follows.length > 0;
    case "react":
      return entrant.did.reactions.length > 0;
    default:
      return false;
  }
}

/** The entrant as read without the list of this kind (the network did not list it for this action). */
function unlisted(entrant: Entrant, kind: string): Entrant {
  switch (kind) {
    case "comment":
      return { ...entrant, comments: [] };
    case "repost":
    case "quote":
    case "like":
      return { ...entrant, did: { ...entrant.did, [kind]: false } };
    case "follow":
      return { ...entrant, did: { ...entrant.did, follows: [] } };
    case "react":
      return { ...entrant, did: { ...entrant.did, reactions: [] } };
    default:
      return entrant;
  }
}

/** The kinds a source asks (its actions switched on), custom aside, in the definition's order. */
export function askedKinds(provider: ProviderFacts | undefined, source: Record<string, unknown>): string[] {
  const actions = (source.actions ?? {}) as Record<string, { enabled?: unknown } | undefined>;
  return actionsOf(provider)
    .filter((a) => a.kind !== "custom" && actions[a.key]?.enabled === true)
    .map((a) => a.kind);
}

/** What was listed of each asked kind in entrants as a network answered them; the total is not said. */
export function listedOf(entrants: readonly Entrant[], kinds: readonly string[]): ActionReadability[] {
  return kinds.map((action) => ({
    action,
    listed: entrants.filter((e) => didKind(e, action)).length,
    total: null,
  }));
}

/**
 * Entrants who did everything, read the way the network reads them: nobody on the list of an unchecked kind, the
 * `max` most recent (by entry time) on a partial one. Each asked kind reports what was listed and the true total (the
 * network says a post's like count even where it does not list the likers).
 */
export function readAsNetwork(
  entrants: readonly Entrant[],
  provider: ProviderFacts | undefined,
  kinds: readonly string[],
): { entrants: Entrant[]; lists: ActionReadability[] } {
  let read = [...entrants];
  const lists: ActionReadability[] = [];
  for (const kind of kinds) {
    const capability = actionCapabilityOf(provider, kind);
    const did = read.filter((e) => didKind(e, kind));
    const keep =
      capability.read === "unchecked"
        ? new Set<Entrant>()
        : capability.read === "partial"
          ? new Set([...did].sort((a, b) => b.first_at.localeCompare(a.first_at)).slice(0, capability.max))
          : new Set(did);
    read = read.map((e) => (didKind(e, kind) && !keep.has(e) ? unlisted(e, kind) : e));
    lists.push({ action: kind, listed: keep.size, total: did.length });
  }
  return { entrants: read, lists };
}

/**
 * Whether a list the network gave holds only part of who did the action: fewer listed than the total it says, or,
 * when it says no total, as many as its partial list ever holds.
 */
export function isIncomplete(provider: ProviderFacts | undefined, read: ActionReadability): boolean {
  if (read.total !== null) return read.listed < read.total;
  const capability = actionCapabilityOf(provider, read.action);
  return capability.read === "partial" && capability.max !== undefined && read.listed >= capability.max;
}

/**
 * The source as the draw checks it: an action whose list the network gave only in part is switched off, since an
 * entrant it did not list cannot be told from one who did not do it (the entries page and /verify say how much
 * was read). The source is copied, never changed.
 */
export function checkableSource(
  source: Record<string, unknown>,
  provider: ProviderFacts | undefined,
  reads: readonly ActionReadability[],
): Record<string, unknown> {
  const off = reads.filter((r) => isIncomplete(provider, r)).map((r) => r.action);
  if (off.length === 0) return source;
  const actions = { ...((source.actions ?? {}) as Record<string, unknown>) };
  for (const { key, kind } of actionsOf(provider)) {
    const action = actions[key];
    if (off.includes(kind) && action && typeof action === "object")
      actions[key] = { ...(action as Record<string, unknown>), enabled: false };
  }
  return { ...source, actions };
}
