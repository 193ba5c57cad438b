import en from "../../schemas/messages/en.json";
import fr from "../../schemas/messages/fr.json";
import type { Catalog } from "./format";

/** The engine's message catalogs. English is complete and the fallback for every language. */
export const ENGINE_CATALOGS: Readonly<Record<string, Catalog>> = { en, fr };

/** The fallback chain for a locale: that language (when it has a catalog), then English. */
export function catalogChain(locale: string): Catalog[] {
  const own = ENGINE_CATALOGS[locale];
  return own && locale !== "en" ? [own, en] : [en];
}
