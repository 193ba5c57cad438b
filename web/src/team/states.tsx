/** The loading, failed and empty states every team page and dialog shows the same way. */
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { ApiError } from "../api/errors";
import { Illustration } from "../components/Illustration";
import { Skeleton } from "../components/Skeleton";
import type { Loaded } from "./useLoad";

export function Loading() {
  return <Skeleton lines={4} label={<Trans>Loading…</Trans>} />;
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

/** An empty list: the illustration and the page's sentence (which names the action that fills it). */
export function Empty({ children }: { children: ReactNode }) {
  return (
    <div className="team-state empty-state">
      <Illustration name="tickets" size={120} />
      <p className="muted">{children}</p>
    </div>
  );
}

/** Shown instead of a list the person may not see. */
export function NotAllowed({ children }: { children: ReactNode }) {
  return (
    <p className="team-state team-notice" role="note">
      {children}
    </p>
  );
}

/**
 * A call's data as a page shows it (useLoad): loading, failed with a retry, empty (`empty`, the page's own
 * sentence; an empty list unless `isEmpty` says otherwise), or what `children` make of the data.
 */
export function WhenLoaded<T>({
  state,
  onRetry,
  empty,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  children,
}: {
  state: Loaded<T>;
  onRetry(): void;
  empty?: ReactNode;
  isEmpty?(data: T): boolean;
  children(data: T): ReactNode;
}) {
  if (state.status === "loading") return <Loading />;
  if (state.status === "error") return <LoadError error={state.error} onRetry={onRetry} />;
  if (empty !== undefined && isEmpty(state.data)) return <Empty>{empty}</Empty>;
  return children(state.data);
}
