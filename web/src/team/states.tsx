/** The loading, failed and empty states every team page and dialog shows the same way. */
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { ApiError } from "../api/errors";

export function Loading() {
  return (
    <p className="team-state muted" role="status">
      <Trans>Loading…</Trans>
    </p>
  );
}

export function LoadError({ error, onRetry }: { error: ApiError; onRetry(): void }) {
  return (
    <div className="team-state" role="alert">
      <p>
        <Trans>This could not be loaded.</Trans> <span className="muted">{error.message}</span>
      </p>
      <button type="button" className="button" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="team-state muted">{children}</p>;
}

/** Shown instead of a list the person may not see. */
export function NotAllowed({ children }: { children: ReactNode }) {
  return (
    <p className="team-state team-notice" role="note">
      {children}
    </p>
  );
}
