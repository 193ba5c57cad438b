/**
 * Merge a classic contest into another of the team's classic contests (app-shell.md §2, §7): POST
 * /teams/current/contests/{id}/merge {target_contest_id}. The sources and entries of this contest move to the
 * chosen one and this one is canceled (meta.cancel_reason "merged"). Success: the page shows "merge done"; a
 * failure logs the server's message (app-shell.md §8) and shows it here.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState } from "react";
import { ApiError } from "../api/errors";
import { fetchContestList, mergeContest } from "../contest/api";
import type { ContestData, ContestListEntry } from "../contest/types";
import { useErrorHandler } from "../shell/useErrorHandler";
import { Modal } from "./Modal";

/** The contests a classic contest may go into: the team's other classic contests still running or closed. */
export async function mergeTargets(contestId: string): Promise<ContestListEntry[]> {
  const { entries } = await fetchContestList(["started", "closed"], 1, 100);
  return entries.filter((c) => c.type === "classic" && c._id !== contestId);
}

export type MergeContestDialogProps = {
  contest: Pick<ContestData, "_id" | "name">;
  onClose(): void;
  onMerged(targetId: string): void;
  /** The calls, replaceable in stories. */
  targets?(contestId: string): Promise<ContestListEntry[]>;
  merge?(id: string, targetId: string): Promise<unknown>;
};

export function MergeContestDialog({
  contest,
  onClose,
  onMerged,
  targets = mergeTargets,
  merge = mergeContest,
}: MergeContestDialogProps) {
  const { t } = useLingui();
  const onError = useErrorHandler();
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const selectId = useId();
  const [options, setOptions] = useState<ContestListEntry[] | null>(null);
  const [target, setTarget] = useState("");
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    targets(contest._id).then(
      (list) => live && setOptions(list),
      (err: unknown) => {
        if (!live) return;
        setOptions([]);
        onErrorRef.current(err);
      },
    );
    return () => {
      live = false;
    };
  }, [contest._id, targets]);

  const run = async () => {
    setRunning(true);
    setProblem(null);
    try {
      await merge(contest._id, target);
      onMerged(target);
    } catch (err) {
      setRunning(false);
      const message = err instanceof Error ? err.message : String(err);
      console.warn("merge failed:", message);
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) onError(err);
      else setProblem(message);
    }
  };

  return (
    <Modal
      title={t`Merge into another contest`}
      onClose={onClose}
      closable={!running}
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={running}>
            <Trans>Cancel</Trans>
          </button>
          <button
            type="button"
            className="button primary"
            disabled={running || target === ""}
            aria-busy={running}
            onClick={() => void run()}
          >
            {running ? <Trans>Merging…</Trans> : <Trans>Merge</Trans>}
          </button>
        </>
      }
    >
      <p>
        <Trans>
          The sources and entries of <strong>{contest.name}</strong> move to the contest you choose;{" "}
          {contest.name} is then canceled.
        </Trans>
      </p>
      {options === null ? (
        <p role="status">
          <Trans>Loading the contests…</Trans>
        </p>
      ) : options.length === 0 ? (
        <p className="muted" role="status">
          <Trans>No other classic contest of the team can take this one.</Trans>
        </p>
      ) : (
        <div className="field">
          <label htmlFor={selectId}>
            <Trans>Merge into</Trans>
          </label>
          <select id={selectId} value={target} onChange={(e) => setTarget(e.target.value)} disabled={running}>
            <option value="">{t`Choose a contest`}</option>
            {options.map((o) => (
              <option key={o._id} value={o._id}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </Modal>
  );
}
