/** The origin (a draft, a contest, a template) could not be loaded: try again, go back to the form, or close. */
import { Trans } from "@lingui/react/macro";
import { ApiError } from "../api/errors";
import { useBuilderEnv, useBuilderSelector } from "./context";

export function LoadFailed() {
  const { actor } = useBuilderEnv();
  const error = useBuilderSelector((s) => s.context.loadError);
  const ready = useBuilderSelector((s) => s.context.ready);
  return (
    <div className="builder-failed" role="alert">
      <p>
        <Trans>This contest could not be loaded.</Trans>
      </p>
      {error instanceof ApiError && <p className="muted">{error.message}</p>}
      <div className="dialog-actions">
        {ready ? (
          <button type="button" className="button" onClick={() => actor.send({ type: "CANCEL" })}>
            <Trans>Back to the form</Trans>
          </button>
        ) : (
          <button type="button" className="button" onClick={() => actor.send({ type: "CLOSE" })}>
            <Trans>Close</Trans>
          </button>
        )}
        <button type="button" className="button primary" onClick={() => actor.send({ type: "RETRY" })}>
          <Trans>Try again</Trans>
        </button>
      </div>
    </div>
  );
}
