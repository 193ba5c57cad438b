/**
 * The team's contests quota is used up (app-shell.md §2 "upgrade contest quota"): the contests in play at once
 * (planned, started, closed) reached the plan's number. Offers the plans, or a paid one-shot contest made with
 * the builder, which counts in no quota (schemas/offers.json contestBuilder).
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { Modal } from "./Modal";

export type UpgradeContestQuotaDialogProps = {
  quota: number;
  onClose(): void;
  /** Opens the builder to make a paid one-shot contest instead (shown when given). */
  onOneShot?(): void;
  canUpgrade?: boolean;
};

export function UpgradeContestQuotaDialog({
  quota,
  onClose,
  onOneShot,
  canUpgrade = true,
}: UpgradeContestQuotaDialogProps) {
  const { t } = useLingui();
  return (
    <Modal
      title={t`Your contests quota is reached`}
      onClose={onClose}
      size="small"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            <Trans>Close</Trans>
          </button>
          {onOneShot && (
            <button type="button" className="button" onClick={onOneShot}>
              <Trans>Make a one-shot contest</Trans>
            </button>
          )}
          {canUpgrade && (
            <Link to="/team/subscription" className="button primary" onClick={onClose}>
              <Trans>See the plans</Trans>
            </Link>
          )}
        </>
      }
    >
      <p>
        <Plural
          value={quota}
          _0="Your plan runs no contest of its own."
          one="Your plan runs # contest at a time: it is running."
          other="Your plan runs # contests at a time: they are all running."
        />
      </p>
      <p>
        <Trans>
          A contest stops counting once it has ended or is canceled. A higher plan runs more at once; a
          one-shot contest is paid for by itself and counts in no quota.
        </Trans>
      </p>
    </Modal>
  );
}
