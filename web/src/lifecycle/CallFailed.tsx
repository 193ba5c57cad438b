/** A section's failed call on a contest lifecycle page, with the server's message and a retry. */
import { Trans } from "@lingui/react/macro";

export function CallFailed({ error, retry }: { error: unknown; retry(): void }) {
  return (
    <div className="call-failed" role="alert">
      <p>
        <Trans>This part could not be loaded.</Trans> {error instanceof Error ? error.message : String(error)}
      </p>
      <button type="button" className="button small" onClick={retry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
