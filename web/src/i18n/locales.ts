/** The five interface languages (app-shell.md §1); English is the fallback, the choice lives in a cookie. */
export const LOCALES = ["en", "fr", "ar", "hi", "ja"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const RTL_LOCALES: ReadonlySet<Locale> = new Set(["ar"]);
export const LOCALE_COOKIE = "locale";
export const LOCALE_COOKIE_DAYS = 365;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Cookie first, then the browser's languages, then English. */
export function detectLocale(cookie: string, languages: readonly string[]): Locale {
  const fromCookie = cookie
    .split(";")
    .map((p) => p.trim().split("="))
    .find(([k]) => k === LOCALE_COOKIE)?.[1];
  if (isLocale(fromCookie)) return fromCookie;
  for (const lang of languages) {
    const short = lang.toLowerCase().split("-")[0];
    if (isLocale(short)) return short;
  }
  return DEFAULT_LOCALE;
}
