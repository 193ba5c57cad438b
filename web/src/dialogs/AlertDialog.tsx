/**
 * The generic alert (app-shell.md §2): types sweet, error, success, warning, info; actions close, subscribe
 * (→ /team/subscription) and report (contact support with the error id). An image alert carries an illustration.
 */

import { Trans, useLingui } from "@lingui/react/macro";
import {
  CircleCheck,
  Info,
  type LucideIcon,
  OctagonX,
  PartyPopper,
  Rocket,
  TriangleAlert,
} from "lucide-react";
import type { ReactNode } from "react";
import { Modal } from "./Modal";

export type AlertType = "sweet" | "error" | "success" | "warning" | "info";
export type AlertAction = "close" | "subscribe" | "report";

export type AlertOptions = {
  type: AlertType;
  title: ReactNode;
  description?: ReactNode;
  actions?: AlertAction[];
  /** The error id shown with a report action. */
  uid?: string;
  /** An image alert (upgrade prompts). */
  image?: boolean;
};

const ICONS: Record<AlertType, LucideIcon> = {
  sweet: PartyPopper,
  error: OctagonX,
  success: CircleCheck,
  warning: TriangleAlert,
  info: Info,
};

export function AlertDialog({
  type,
  title,
  description,
  actions = ["close"],
  uid,
  image,
  onAction,
}: AlertOptions & { onAction(action: AlertAction): void }) {
  const { t } = useLingui();
  const Icon = image ? Rocket : ICONS[type];
  return (
    <Modal title={title} onClose={() => onAction("close")} size="small">
      <div className={`alert alert-${type}`} data-alert-type={type}>
        <span className="alert-icon" aria-hidden="true">
          <Icon size={32} />
        </span>
        {description && <div className="alert-description">{description}</div>}
        {uid && (
          <p className="muted">
            <Trans>Error id: {uid}</Trans>
          </p>
        )}
      </div>
      <div className="dialog-actions">
        {actions.includes("subscribe") && (
          <button type="button" className="button primary" onClick={() => onAction("subscribe")}>
            <Trans>See the plans</Trans>
          </button>
        )}
        {actions.includes("report") && (
          <button type="button" className="button" onClick={() => onAction("report")}>
            <Trans>Report the problem</Trans>
          </button>
        )}
        <button
          type="button"
          className="button"
          onClick={() => onAction("close")}
          aria-label={t`Close the alert`}
        >
          <Trans>Close</Trans>
        </button>
      </div>
    </Modal>
  );
}
