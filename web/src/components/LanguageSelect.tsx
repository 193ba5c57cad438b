import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { activateLocale } from "../i18n/activate";
import { isLocale, LOCALES, type Locale } from "../i18n/locales";

/** Each language named in itself, so a person can find theirs whatever the current language. */
const NATIVE_NAMES: Record<Locale, string> = {
  en: "English",
  fr: "Français",
  ar: "العربية",
  hi: "हिन्दी",
  ja: "日本語",
};

export function LanguageSelect() {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <div className="language-select">
      <label htmlFor={id}>
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        value={i18n.locale}
        onChange={(e) => {
          if (isLocale(e.target.value)) void activateLocale(e.target.value, { remember: true });
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {NATIVE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
