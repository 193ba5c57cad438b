/** The manual check of one entrant in a modal (the entries page's Review button); closes once decided. */
import { useLingui } from "@lingui/react/macro";
import {
  type CheckBody,
  checkEntrant,
  type Entry,
  openEntrantProfile,
  type ProfileOpening,
} from "../lifecycle/api";
import type { CommentTerms } from "../lifecycle/contest-rules";
import { ManualCheckPanel } from "../lifecycle/ManualCheckPanel";
import { Modal } from "./Modal";

export type ManualCheckDialogProps = {
  contestId: string;
  entry: Entry;
  terms: CommentTerms;
  reasons: readonly string[];
  locked?: string | null;
  onClose(): void;
  onDecided(entry: Entry): void;
  /** The reviewer's opening of the profile is recorded. */
  onProfileOpened?(entrantId: string): void;
  /** The calls, replaceable in stories and tests. */
  decide?(contestId: string, entrantId: string, body: CheckBody): Promise<Entry>;
  openProfile?(contestId: string, entrantId: string): Promise<ProfileOpening>;
};

export function ManualCheckDialog({
  contestId,
  entry,
  terms,
  reasons,
  locked = null,
  onClose,
  onDecided,
  onProfileOpened,
  decide = checkEntrant,
  openProfile = openEntrantProfile,
}: ManualCheckDialogProps) {
  const { t } = useLingui();
  return (
    <Modal title={t`Check ${entry.account.name}`} onClose={onClose} size="large">
      <ManualCheckPanel
        entry={entry}
        terms={terms}
        reasons={reasons}
        locked={locked}
        decide={(body) => decide(contestId, entry._id, body)}
        onDecided={onDecided}
        openProfile={() => openProfile(contestId, entry._id)}
        onProfileOpened={() => onProfileOpened?.(entry._id)}
      />
    </Modal>
  );
}
