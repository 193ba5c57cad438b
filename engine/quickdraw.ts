/**
 * Reading the network and post of a pasted post URL (quickdraw, contest-builder.md §1) from the providers'
 * url_patterns (schemas/providers/*.json). Pure, so the server (api/services/quickdraw.ts) and the browser's
 * quickdraw page read a link the same way: the provider definitions are an argument, nothing is loaded here.
 */

/** What matching needs of a provider definition (schemas/providers/<name>.json). */
export type QuickdrawProvider = { name: string; quickdraw: boolean; url_patterns: readonly string[] };

/** The provider definitions, as the catalogue's map (name → definition) or as a list, in matching order. */
export type QuickdrawProviders = ReadonlyMap<string, QuickdrawProvider> | readonly QuickdrawProvider[];

/** A post read from a pasted URL: its network, what the post_id group captured, and the author when shown. */
export type PostMatch = {
  provider: string;
  post_id: string;
  user: string | null;
  /** The link's shortcode once the driver resolved it to the network's post id (Instagram's media id). */
  shortcode?: string;
};

/** Longer pasted text is not a post link (and is not worth running the patterns on). */
export const MAX_POST_URL_LENGTH = 2048;

export type CompiledProvider = { name: string; patterns: RegExp[] };
const compiled = new WeakMap<QuickdrawProviders, CompiledProvider[]>();

/** The quickdraw networks' patterns, compiled once per set of definitions (JavaScript source, u flag: provider schema). */
export function quickdrawPatterns(providers: QuickdrawProviders): CompiledProvider[] {
  let list = compiled.get(providers);
  if (!list) {
    const all: readonly QuickdrawProvider[] = Array.isArray(providers)
      ? providers
      : [...(providers as ReadonlyMap<string, QuickdrawProvider>).values()];
    list = all
      .filter((p) => p.quickdraw)
      .map((p) => ({ name: p.name, patterns: p.url_patterns.map((source) => new RegExp(source, "u")) }));
    compiled.set(providers, list);
  }
  return list;
}

/**
 * The network and post of a pasted URL, trying each quickdraw network's url_patterns in order; null when none
 * matches. Surrounding spaces are ignored, and a link pasted without its scheme (`x.com/a/status/1`) is read as
 * https.
 */
export function matchPost(providers: QuickdrawProviders, url: string): PostMatch | null {
  let text = url.trim();
  if (text.length === 0 || text.length > MAX_POST_URL_LENGTH) return null;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(text)) text = `https://${text}`;
  for (const provider of quickdrawPatterns(providers)) {
    for (const pattern of provider.patterns) {
      const groups = pattern.exec(text)?.groups;
      const postId = groups?.post_id;
      if (postId) return { provider: provider.name, post_id: postId, user: groups?.user ?? null };
    }
  }
  return null;
}
