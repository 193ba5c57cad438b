/** The contest's status and type as badges (app-shell.md §2 contest preview), and the sandbox label (decisions.md). */
import { Trans, useLingui } from "@lingui/react/macro";
import { type ContestStatus, type ContestType, STATUS_LABELS, TYPE_LABELS } from "./types";

export function ContestStatusBadge({ status }: { status: ContestStatus }) {
  const { i18n } = useLingui();
  return (
    <span className={`contest-badge status-${status}`} data-status={status}>
      {i18n._(STATUS_LABELS[status])}
    </span>
  );
}

export function ContestTypeBadge({ type }: { type: ContestType }) {
  const { i18n } = useLingui();
  return (
    <span className={`contest-badge type-${type}`} data-type={type}>
      {i18n._(TYPE_LABELS[type])}
    </span>
  );
}

/** Contests run with the sandbox driver publish nothing for real: they say so wherever they show. */
export function SandboxLabel() {
  const { t } = useLingui();
  return (
    <span className="contest-badge sandbox" title={t`Rehearsal: nothing is published on the network`}>
      <Trans>Sandbox</Trans>
    </span>
  );
}
