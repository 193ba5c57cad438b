/**
 * What a failed call shows (app-shell.md §8), in one place: 401 → /login; 403 → the error page; the upgrade keys
 * → an image alert with subscribe; cantDeleteYourDefaultTeam and forbiddenInDemoMode → a plain alert with close
 * only; anything else → an error alert with the message, the error id and a report action. An upload failure
 * names the file.
 */
import { t } from "@lingui/core/macro";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../api/errors";
import { ContactDialog } from "../dialogs/ContactDialog";
import { useDialogs } from "../dialogs/DialogHost";
import { usePageError } from "./page-error";

export const UPGRADE_KEYS: ReadonlySet<string> = new Set([
  "upgradeToDownloadEntries",
  "upgradeToPerformTestDraws",
  "maxMembersExceeded",
  "maxAccountsExceeded",
]);
const CLOSE_ONLY_KEYS: ReadonlySet<string> = new Set(["cantDeleteYourDefaultTeam", "forbiddenInDemoMode"]);

export type ErrorOptions = { upload?: string };

export function useErrorHandler(): (error: unknown, options?: ErrorOptions) => void {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const pageError = usePageError();
  return useCallback(
    (error: unknown, options: ErrorOptions = {}) => {
      const err =
        error instanceof ApiError ? error : new ApiError(0, { error: "unknown", message: String(error) });
      if (err.status === 401) {
        void navigate("/login");
        return;
      }
      // The API answers the close-only keys with 403 too (api/errors.ts): they are alerts, not the error page.
      if (err.status === 403 && !UPGRADE_KEYS.has(err.key) && !CLOSE_ONLY_KEYS.has(err.key)) {
        pageError.show({ status: 403, details: err.message });
        return;
      }
      if (UPGRADE_KEYS.has(err.key)) {
        void dialogs
          .alert({ type: "info", image: true, title: err.message, actions: ["close", "subscribe"] })
          .then((a) => a === "subscribe" && navigate("/team/subscription"));
        return;
      }
      if (CLOSE_ONLY_KEYS.has(err.key)) {
        void dialogs.alert({ type: "error", title: err.message, actions: ["close"] });
        return;
      }
      const title = options.upload
        ? t`The upload of ${options.upload} failed`
        : err.status === 422
          ? t`The given data was invalid.`
          : err.message;
      void dialogs
        .alert({
          type: "error",
          title,
          description: options.upload || err.status === 422 ? err.message : undefined,
          uid: err.uid,
          actions: err.uid ? ["close", "report"] : ["close"],
        })
        .then((a) => {
          if (a === "report") dialogs.open((close) => <ContactDialog onClose={close} errorId={err.uid} />);
        });
    },
    [navigate, dialogs, pageError],
  );
}
