/**
 * Switch language (app-shell.md §1, §2): the five languages, each with its flag and its own name. The choice
 * applies at once, is kept in the cookie (365 days) and, when signed in, saved to the account (POST /users/me
 * {locale}) so every device follows; that call fails silently (§8), the cookie already holds the choice.
 */
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { LanguageFlag, NATIVE_NAMES, useChooseLocale } from "../components/LanguageSelect";
import { LOCALES } from "../i18n/locales";
import { Modal } from "./Modal";

export function LanguageDialog({ onClose }: { onClose(): void }) {
  const { t, i18n } = useLingui();
  const choose = useChooseLocale();
  const [busy, setBusy] = useState(false);
  return (
    <Modal title={t`Language`} onClose={onClose} size="small">
      <div data-dialog="language">
        <ul className="choice-list">
          {LOCALES.map((l) => (
            <li key={l}>
              <button
                type="button"
                className="choice"
                lang={l}
                aria-pressed={i18n.locale === l}
                disabled={busy}
                data-locale={l}
                onClick={async () => {
                  setBusy(true);
                  await choose(l);
                  onClose();
                }}
              >
                <LanguageFlag locale={l} />
                <span className="choice-text">{NATIVE_NAMES[l]}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}
