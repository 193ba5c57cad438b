/**
 * The languages the engine's messages speak: one catalog each in schemas/messages/{locale}.json, English first
 * (complete, and the fallback for every other). The interface's five languages (web/locales/).
 */
export const ENGINE_LOCALES = ["en", "fr", "ar", "hi", "ja"] as const;
export type EngineLocale = (typeof ENGINE_LOCALES)[number];

export function isEngineLocale(locale: string): locale is EngineLocale {
  return (ENGINE_LOCALES as readonly string[]).includes(locale);
}
