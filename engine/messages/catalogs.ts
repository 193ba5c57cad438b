import ar from "../../schemas/messages/ar.json";
import en from "../../schemas/messages/en.json";
import fr from "../../schemas/messages/fr.json";
import hi from "../../schemas/messages/hi.json";
import ja from "../../schemas/messages/ja.json";
import type { Catalog } from "./format";
import { type EngineLocale, isEngineLocale } from "./locales";

export { ENGINE_LOCALES, type EngineLocale, isEngineLocale } from "./locales";

/**
 * The engine's message catalogs, one per language of the interface. English is complete and the fallback for
 * every language; `npm run schemas:check` requires every catalog to have every English key.
 */
export const ENGINE_CATALOGS: Readonly<Record<EngineLocale, Catalog>> = { en, fr, ar, hi, ja };

/** The fallback chain for a locale: that language (when it has a catalog), then English. */
export function catalogChain(locale: string): Catalog[] {
  if (!isEngineLocale(locale) || locale === "en") return [en];
  return [ENGINE_CATALOGS[locale], en];
}
