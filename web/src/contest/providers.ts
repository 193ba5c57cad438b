/**
 * The networks as data (schemas/providers/*.json): display names, colours, which accept quick imports, and the
 * reading of a pasted post link with their url_patterns — engine/quickdraw.ts matchPost, the function the server
 * uses on the same body, so the page and the API agree on what a link is. The quick-import name is checked with
 * the rules of schemas/forms/quickdraw-import.rules.json by the same engine as the server's 422.
 */

import { compileScope } from "../../../engine/config/compile";
import type { ScopeRules } from "../../../engine/config/types";
import { catalogChain } from "../../../engine/messages/catalogs";
import { formatError } from "../../../engine/messages/format";
import { matchPost, type PostMatch } from "../../../engine/quickdraw";
import { validateFormData } from "../../../engine/validation/validate";
import quickdrawRules from "../../../schemas/forms/quickdraw-import.rules.json";
import offers from "../../../schemas/offers.json";
import { PROVIDERS, type ProviderDefinition, providerOf } from "../providers";

/** The networks a post can be imported from. */
export const QUICKDRAW_PROVIDERS: readonly ProviderDefinition[] = PROVIDERS.filter((p) => p.quickdraw);

export type DetectedPost = PostMatch & { definition: ProviderDefinition; url: string };

/** The network and post of a pasted link, or null when no quickdraw network's pattern reads it. */
export function detectPost(url: string): DetectedPost | null {
  const match = matchPost(QUICKDRAW_PROVIDERS, url);
  const definition = match ? providerOf(match.provider) : undefined;
  if (!match || !definition) return null;
  const trimmed = url.trim();
  return { ...match, definition, url: /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}` };
}

/** The one-shot purchase of a quick import (app-shell.md §2): a full-page address with the import's values. */
export function quickdrawCheckoutUrl(values: { name: string; provider: string; matched: string }): string {
  const path =
    offers.offers.find((o) => o.id === "quickDraw")?.checkout_path ?? "/checkout-session/one-shot/quickdraw";
  return `${path}?${new URLSearchParams(values).toString()}`;
}

const importScope = compileScope(
  { fields: quickdrawRules.fields, steps: [] } as ScopeRules,
  "schemas/forms/quickdraw-import.rules.json",
);

/** The quick-import name's first problem in the person's language (4 to 50 characters), or null when valid. */
export function importNameError(name: string, locale: string): string | null {
  const errors = validateFormData({ provider: "x", matched: "x", confirm: true, name }, importScope, {
    now: new Date(),
    teamFeatures: new Set(),
    quotas: {},
  });
  const first = errors.name?.[0];
  return first ? formatError(catalogChain(locale), first) : null;
}
