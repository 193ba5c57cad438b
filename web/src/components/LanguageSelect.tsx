/**
 * The five interface languages (app-shell.md §1, §2 "flag icons for the five languages"): each named in itself, so
 * a person finds theirs whatever the current language, with its flag. LanguageSelect is the compact choice of the
 * sign-in pages and the settings page; the language dialog lists the same entries as buttons.
 */
import { useLingui } from "@lingui/react/macro";
import { ChevronDown, Languages } from "lucide-react";
import { api, unwrap } from "../api/client";
import { activateLocale } from "../i18n/activate";
import { isLocale, LOCALES, type Locale } from "../i18n/locales";
import { asUser, useSession } from "../session/session";
import {
  MenuContent,
  MenuItemCheck,
  MenuRadioGroup,
  MenuRadioItem,
  MenuRoot,
  MenuTrigger,
} from "./DropdownMenu";

export const NATIVE_NAMES: Record<Locale, string> = {
  en: "English",
  fr: "Français",
  ar: "العربية",
  hi: "हिन्दी",
  ja: "日本語",
};

/** The drawing of each flag, on a 30 × 20 box. */
function flagShapes(locale: Locale) {
  switch (locale) {
    case "en":
      return (
        <>
          <rect width="30" height="20" fill="#012169" />
          <path d="M0,0 30,20 M30,0 0,20" stroke="#fff" strokeWidth="4" />
          <path d="M0,0 30,20 M30,0 0,20" stroke="#C8102E" strokeWidth="1.6" />
          <path d="M15,0 V20 M0,10 H30" stroke="#fff" strokeWidth="6" />
          <path d="M15,0 V20 M0,10 H30" stroke="#C8102E" strokeWidth="3.5" />
        </>
      );
    case "fr":
      return (
        <>
          <rect width="10" height="20" fill="#002654" />
          <rect x="10" width="10" height="20" fill="#fff" />
          <rect x="20" width="10" height="20" fill="#CE1126" />
        </>
      );
    case "ar":
      return (
        <>
          <rect width="30" height="20" fill="#006C35" />
          <path d="M8,8 H22 M9,11 H21" stroke="#fff" strokeWidth="1.2" />
          <path d="M8,14.5 H22" stroke="#fff" strokeWidth="0.9" />
        </>
      );
    case "hi":
      return (
        <>
          <rect width="30" height="20" fill="#fff" />
          <rect width="30" height="6.67" fill="#FF9933" />
          <rect y="13.33" width="30" height="6.67" fill="#138808" />
          <circle cx="15" cy="10" r="2.6" fill="none" stroke="#000080" strokeWidth="0.8" />
        </>
      );
    case "ja":
      return (
        <>
          <rect width="30" height="20" fill="#fff" stroke="#d4d4d8" strokeWidth="0.5" />
          <circle cx="15" cy="10" r="6" fill="#BC002D" />
        </>
      );
  }
}

/** A small flag drawn in SVG (emoji flags do not show on every system). Decorative: the name is written beside it. */
export function LanguageFlag({ locale, size = 20 }: { locale: Locale; size?: number }) {
  return (
    <svg
      width={size * 1.5}
      height={size}
      viewBox="0 0 30 20"
      aria-hidden="true"
      focusable="false"
      className="flag"
      data-flag={locale}
    >
      {flagShapes(locale)}
    </svg>
  );
}

/** Switches the interface (cookie, 365 days) and, for a signed-in person, saves the choice to the account. */
export function useChooseLocale(): (locale: Locale) => Promise<void> {
  const session = useSession();
  return async (locale) => {
    await activateLocale(locale, { remember: true });
    if (session.status !== "ready") return;
    try {
      session.setUser(asUser(await unwrap(api.users.me.$post({ json: { locale } }))));
    } catch {
      // Silent (app-shell.md §8): the cookie keeps the choice on this device.
    }
  };
}

/**
 * The language menu (a Radix DropdownMenu with one radio item a language): the button shows the current language's
 * flag and name; each entry is named in its own language (marked with its lang for screen readers); a choice applies
 * at once (useChooseLocale).
 */
export function LanguageSelect() {
  const { t, i18n } = useLingui();
  const choose = useChooseLocale();
  const current = isLocale(i18n.locale) ? i18n.locale : "en";
  const currentName = NATIVE_NAMES[current];
  return (
    <MenuRoot>
      <MenuTrigger className="button language-select" aria-label={t`Language: ${currentName}`}>
        <Languages size={16} aria-hidden="true" />
        <span lang={current}>{currentName}</span>
        <ChevronDown size={14} aria-hidden="true" />
      </MenuTrigger>
      <MenuContent>
        <MenuRadioGroup
          value={current}
          onValueChange={(value) => {
            if (isLocale(value) && value !== current) void choose(value);
          }}
        >
          {LOCALES.map((l) => (
            <MenuRadioItem key={l} value={l} lang={l}>
              <LanguageFlag locale={l} size={14} />
              <span dir="auto">{NATIVE_NAMES[l]}</span>
              <MenuItemCheck />
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
      </MenuContent>
    </MenuRoot>
  );
}
