/** "Temporarily unavailable, retrying": shown while a call waits for the service to come back (unavailable.ts). */
import { Trans } from "@lingui/react/macro";
import { useRetryingUnavailable } from "./unavailable";

export function UnavailableNotice() {
  const retrying = useRetryingUnavailable();
  return (
    <div role="status" aria-live="polite" className="unavailable-notice" hidden={!retrying}>
      {retrying && <Trans>The service is temporarily unavailable. Retrying…</Trans>}
    </div>
  );
}
