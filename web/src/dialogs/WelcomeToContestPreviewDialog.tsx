/**
 * The first time a person opens a contest preview (app-shell.md §2 "welcome to contest preview"): what the
 * preview shows and how to move through it. Shown once per browser.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Modal } from "./Modal";

export const PREVIEW_WELCOME_KEY = "fairdraw.contestPreviewWelcomed";

export function previewWelcomeSeen(): boolean {
  try {
    return globalThis.localStorage?.getItem(PREVIEW_WELCOME_KEY) === "1";
  } catch {
    return true;
  }
}

export function markPreviewWelcomeSeen(): void {
  try {
    globalThis.localStorage?.setItem(PREVIEW_WELCOME_KEY, "1");
  } catch {
    // private browsing: shown again next time
  }
}

export function WelcomeToContestPreviewDialog({
  onClose,
  onContinue,
}: {
  onClose(): void;
  onContinue(): void;
}) {
  const { t } = useLingui();
  const go = () => {
    markPreviewWelcomeSeen();
    onContinue();
  };
  return (
    <Modal
      title={t`The contest preview`}
      onClose={() => {
        markPreviewWelcomeSeen();
        onClose();
      }}
      size="small"
      footer={
        <button type="button" className="button primary" onClick={go}>
          <Trans>Show the contest</Trans>
        </button>
      }
    >
      <p>
        <Trans>
          The preview shows a contest at a glance: its status, its sources and where it is in its timeline.
        </Trans>
      </p>
      <ul>
        <li>
          <Trans>
            Use the <kbd>←</kbd> and <kbd>→</kbd> keys, or the buttons, to go to the previous or next contest.
          </Trans>
        </li>
        <li>
          <Trans>Open the full page to act on the contest: entries, drawing, settings.</Trans>
        </li>
      </ul>
    </Modal>
  );
}
