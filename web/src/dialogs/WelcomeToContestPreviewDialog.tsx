/**
 * The first time a person opens a contest preview (app-shell.md §2 "welcome to contest preview"): what the
 * preview shows and how to move through it. Shown once per person (session/seen.ts), with a visible Skip.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { markSeen } from "../session/seen";
import { useUser } from "../session/session";
import { Modal } from "./Modal";

export function WelcomeToContestPreviewDialog({
  onClose,
  onContinue,
}: {
  onClose(): void;
  onContinue(): void;
}) {
  const { t } = useLingui();
  const user = useUser();
  const seen = () => markSeen("contestPreviewWelcome", user._id);
  const go = () => {
    seen();
    onContinue();
  };
  // Skip (or Escape, or the close button): the word of welcome goes and does not come back; the list stays.
  const skip = () => {
    seen();
    onClose();
  };
  return (
    <Modal
      title={t`The contest preview`}
      onClose={skip}
      size="small"
      footer={
        <>
          <button type="button" className="button" onClick={skip}>
            <Trans>Skip</Trans>
          </button>
          <button type="button" className="button primary" onClick={go}>
            <Trans>Show the contest</Trans>
          </button>
        </>
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
