/**
 * What a person has already been shown once (the tutorial, the contest preview's word of welcome), remembered in this
 * browser per person: the User of app-shell.md §3 has no field for it, so nothing is stored server-side (decision 035).
 */
export type SeenThing = "tutorial" | "contestPreviewWelcome";

export const seenKey = (thing: SeenThing, userId: string) => `fairdraw.seen.${thing}.${userId}`;

export function hasSeen(thing: SeenThing, userId: string): boolean {
  try {
    return globalThis.localStorage?.getItem(seenKey(thing, userId)) === "1";
  } catch {
    // Storage refused (private browsing): counted as seen, so nothing shows again and again.
    return true;
  }
}

export function markSeen(thing: SeenThing, userId: string): void {
  try {
    globalThis.localStorage?.setItem(seenKey(thing, userId), "1");
  } catch {
    // Storage refused: nothing to remember with.
  }
}
