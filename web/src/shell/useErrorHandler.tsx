/**
 * What a failed call shows (app-shell.md §8), in one place: 401 → /login; 403 → the error page; the upgrade keys
 * → an image alert with subscribe; cantDeleteYourDefaultTeam and forbiddenInDemoMode → a plain alert with close
 * only; anything else → an error alert with the message, the error id and a report action. An upload failure
 * names the file.
 */
import { t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { clearCsrf } from "../api/client";
import { errorMessage } from "../api/error-messages";
import { type ApiError, asApiError } from "../api/errors";
import { useDialogs } from "../dialogs/DialogHost";
import { ContactDialog } from "../dialogs/lazy";
import { useSession } from "../session/session";
import { usePageError } from "./page-error";

export const UPGRADE_KEYS: ReadonlySet<string> = new Set([
  "upgradeToDownloadEntries",
  "upgradeToPerformTestDraws",
  "maxMembersExceeded",
  "maxAccountsExceeded",
]);
const CLOSE_ONLY_KEYS: ReadonlySet<string> = new Set(["cantDeleteYourDefaultTeam", "forbiddenInDemoMode"]);

export type ErrorOptions = {
  upload?: string;
  /** More keys shown as the upgrade alert (e.g. the builder's plan and quota keys), even with a 403. */
  upgradeKeys?: ReadonlySet<string>;
  /** How the subscribe action goes to the plans (inside the builder: through its close confirmation). */
  navigate?(to: string): void;
};

/** Whether an error is shown as the 403 error page (not an alert): a 403 that is no upgrade nor close-only key. */
export function showsErrorPage(err: ApiError, options: ErrorOptions = {}): boolean {
  const upgrade = UPGRADE_KEYS.has(err.key) || options.upgradeKeys?.has(err.key) === true;
  return err.status === 403 && !upgrade && !CLOSE_ONLY_KEYS.has(err.key);
}

export function useErrorHandler(): (error: unknown, options?: ErrorOptions) => void {
  const { i18n } = useLingui();
  const session = useSession();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const pageError = usePageError();
  return useCallback(
    (error: unknown, options: ErrorOptions = {}) => {
      const err = asApiError(error);
      const text = errorMessage(i18n, err);
      if (err.status === 401) {
        // The session is gone: forget the user, so the session guard sends to /login with `next` (and the sign-in
        // page does not bounce back to a page that answers 401 again).
        clearCsrf();
        session.setUser(null);
        return;
      }
      // The API answers the close-only keys with 403 too (api/errors.ts): they are alerts, not the error page.
      if (showsErrorPage(err, options)) {
        pageError.show({ status: 403, details: text });
        return;
      }
      if (UPGRADE_KEYS.has(err.key) || options.upgradeKeys?.has(err.key)) {
        void dialogs
          .alert({ type: "info", image: true, title: text, actions: ["close", "subscribe"] })
          .then((a) => a === "subscribe" && (options.navigate ?? navigate)("/team/subscription"));
        return;
      }
      if (CLOSE_ONLY_KEYS.has(err.key)) {
        void dialogs.alert({ type: "error", title: text, actions: ["close"] });
        return;
      }
      const title = options.upload
        ? t`The upload of ${options.upload} failed`
        : err.status === 422
          ? t`The given data was invalid.`
          : text;
      void dialogs
        .alert({
          type: "error",
          title,
          // A 422's first field message is already in the person's language (the API words it per locale).
          description: options.upload
            ? text
            : err.status === 422
              ? (Object.values(err.fields)[0]?.[0] ?? err.message)
              : undefined,
          uid: err.uid,
          actions: err.uid ? ["close", "report"] : ["close"],
        })
        .then((a) => {
          if (a === "report") dialogs.open((close) => <ContactDialog onClose={close} errorId={err.uid} />);
        });
    },
    [navigate, dialogs, pageError, session, i18n],
  );
}
