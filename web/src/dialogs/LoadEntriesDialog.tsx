/**
 * Load a classic contest's entries (app-shell.md §2, §4): on the first load a consent box must be ticked before
 * the button works; later loads ask nothing more. POST /teams/current/contests/{id}/load_entries {consent}.
 * A failed load shows the app's error alert with the server's message.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import constants from "../../../schemas/constants.json";
import { Checkbox } from "../components/Checkbox";
import { type LoadEntriesAnswer, loadEntries } from "../contest/api";
import type { ContestData } from "../contest/types";
import { useErrorHandler } from "../shell/useErrorHandler";
import { Modal } from "./Modal";

const MAX_ENTRIES = constants.contest.classic_load_max_entries;

export type LoadEntriesDialogProps = {
  contest: Pick<ContestData, "_id" | "name" | "loaded_at">;
  onClose(): void;
  onLoaded(answer: LoadEntriesAnswer): void;
  /** The call, replaceable in stories. */
  load?(id: string, consent: boolean): Promise<LoadEntriesAnswer>;
};

export function LoadEntriesDialog({
  contest,
  onClose,
  onLoaded,
  load = loadEntries,
}: LoadEntriesDialogProps) {
  const { t, i18n } = useLingui();
  const onError = useErrorHandler();
  const firstLoad = contest.loaded_at === null;
  const [consent, setConsent] = useState(false);
  const [loading, setLoading] = useState(false);

  const run = async () => {
    setLoading(true);
    try {
      // A later load was consented to on the first one.
      const answer = await load(contest._id, firstLoad ? consent : true);
      onLoaded(answer);
    } catch (err) {
      setLoading(false);
      onError(err);
    }
  };

  const max = i18n.number(MAX_ENTRIES);
  return (
    <Modal
      title={t`Load entries`}
      onClose={onClose}
      closable={!loading}
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={loading}>
            <Trans>Cancel</Trans>
          </button>
          <button
            type="button"
            className="button primary"
            disabled={loading || (firstLoad && !consent)}
            aria-busy={loading}
            onClick={() => void run()}
          >
            {loading ? <Trans>Loading entries…</Trans> : <Trans>Load entries</Trans>}
          </button>
        </>
      }
    >
      <p>
        {firstLoad ? (
          <Trans>
            The entries of {contest.name} will be read from its post, up to {max} entries.
          </Trans>
        ) : (
          <Trans>
            The entries of {contest.name} will be read again from its post, up to {max} entries. The manual
            checks already made are kept.
          </Trans>
        )}
      </p>
      {firstLoad && (
        <Checkbox checked={consent} onChange={setConsent} disabled={loading}>
          <Trans>
            I confirm that this post runs a contest of my team, that its rules were published with it, and
            that the public data of its participants may be collected for this draw.
          </Trans>
        </Checkbox>
      )}
    </Modal>
  );
}
