import { i18n, type Messages } from "@lingui/core";
import dayjs from "dayjs";
import "dayjs/locale/ar";
import "dayjs/locale/fr";
import "dayjs/locale/hi";
import "dayjs/locale/ja";
import localizedFormat from "dayjs/plugin/localizedFormat";
import relativeTime from "dayjs/plugin/relativeTime";
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS, type Locale, RTL_LOCALES } from "./locales";

dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);

const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import("../../locales/en/messages.po"),
  fr: () => import("../../locales/fr/messages.po"),
  ar: () => import("../../locales/ar/messages.po"),
  hi: () => import("../../locales/hi/messages.po"),
  ja: () => import("../../locales/ja/messages.po"),
};

/** Loads a catalog, switches Lingui to it and sets the document's language and direction. */
export async function activateLocale(locale: Locale, opts: { remember?: boolean } = {}): Promise<void> {
  const { messages } = await catalogs[locale]();
  i18n.loadAndActivate({ locale, messages });
  dayjs.locale(locale);
  if (typeof document !== "undefined") {
    document.documentElement.lang = locale;
    document.documentElement.dir = RTL_LOCALES.has(locale) ? "rtl" : "ltr";
    if (opts.remember) {
      const maxAge = LOCALE_COOKIE_DAYS * 86_400;
      // biome-ignore lint/suspicious/noDocumentCookie: one plain value; the Cookie Store API is not in every browser we support
      document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${maxAge}; samesite=lax`;
    }
  }
}
