/**
 * Delete a contest or a draft (app-shell.md §2, §4): a dangerous hold button (5 s). While the call runs the
 * button shows loading; a failed delete puts it back to hold and says why here, in the dialog (a refused session
 * or permission goes through the app's error handling instead).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { ApiError } from "../api/errors";
import { deleteContest } from "../contest/api";
import type { ContestData } from "../contest/types";
import { useErrorHandler } from "../shell/useErrorHandler";
import { HoldButton, type HoldState } from "../widgets/HoldButton";
import { Modal } from "./Modal";

export type DeleteContestDialogProps = {
  contest: Pick<ContestData, "_id" | "name" | "status">;
  onClose(): void;
  /** After the server deleted it (the page then leaves the contest). */
  onDeleted(): void;
  /** The call, replaceable in stories. */
  remove?(id: string): Promise<void>;
};

export function DeleteContestDialog({
  contest,
  onClose,
  onDeleted,
  remove = deleteContest,
}: DeleteContestDialogProps) {
  const { t } = useLingui();
  const onError = useErrorHandler();
  const [state, setState] = useState<HoldState>("hold");
  const [problem, setProblem] = useState<string | null>(null);
  const draft = contest.status === "draft";

  const confirm = async () => {
    setState("loading");
    setProblem(null);
    try {
      await remove(contest._id);
      onDeleted();
    } catch (err) {
      setState("hold");
      if (err instanceof ApiError && err.status !== 401 && err.status !== 403) setProblem(err.message);
      else onError(err);
    }
  };

  const name = contest.name;
  return (
    <Modal
      title={draft ? t`Delete the draft` : t`Delete the contest`}
      onClose={onClose}
      closable={state !== "loading"}
      size="small"
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={state === "loading"}>
            <Trans>Cancel</Trans>
          </button>
          <HoldButton dangerous state={state} onConfirm={() => void confirm()}>
            <Trans>Delete</Trans>
          </HoldButton>
        </>
      }
    >
      <p>
        {draft ? (
          <Trans>
            The draft <strong>{name}</strong> will be deleted. This cannot be undone.
          </Trans>
        ) : (
          <Trans>
            The contest <strong>{name}</strong> will be deleted and will not start. This cannot be undone.
          </Trans>
        )}
      </p>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </Modal>
  );
}
