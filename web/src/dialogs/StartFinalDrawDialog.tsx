/**
 * Start the final draw (app-shell.md §2, §4): the draw is made once, reveals the seed, ends the contest and
 * announces the winners. The first (and only) final draw needs the consent box ticked before the hold button
 * works; the button must then be held 5 seconds (a dangerous, final action). POST …/draws {kind: "final",
 * consent: true}.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Checkbox } from "../components/Checkbox";
import type { Draw } from "../lifecycle/api";
import { makeDraw } from "../lifecycle/api";
import { useErrorHandler } from "../shell/useErrorHandler";
import { HoldButton, type HoldState } from "../widgets/HoldButton";
import { Modal } from "./Modal";

export type StartFinalDrawDialogProps = {
  contest: { _id: string; name: string };
  /** How many entrants the draw picks from (the valid entries), when known. */
  entrants?: number | null;
  /** The first final draw asks for consent (there is only one; kept as a prop for the spec's wording). */
  firstDraw?: boolean;
  onClose(): void;
  onDrawn(draw: Draw): void;
  /** The call, replaceable in stories and tests. */
  draw?(contestId: string): Promise<Draw>;
};

export function StartFinalDrawDialog({
  contest,
  entrants = null,
  firstDraw = true,
  onClose,
  onDrawn,
  draw = (id) => makeDraw(id, "final"),
}: StartFinalDrawDialogProps) {
  const { t } = useLingui();
  const onError = useErrorHandler();
  const [consent, setConsent] = useState(!firstDraw);
  const [state, setState] = useState<HoldState>("hold");
  const loading = state === "loading";

  const run = async () => {
    setState("loading");
    try {
      onDrawn(await draw(contest._id));
    } catch (err) {
      setState("hold");
      onError(err);
    }
  };

  return (
    <Modal
      title={t`Start the final draw`}
      onClose={onClose}
      closable={!loading}
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={loading}>
            <Trans>Cancel</Trans>
          </button>
          <HoldButton dangerous state={state} disabled={!consent} onConfirm={() => void run()}>
            <Trans>Draw the winners</Trans>
          </HoldButton>
        </>
      }
    >
      <p>
        <Trans>The winners of {contest.name} are drawn once and for all.</Trans>{" "}
        {entrants !== null && (
          <Plural
            value={entrants}
            one="The draw picks among # valid entry."
            other="The draw picks among # valid entries."
          />
        )}
      </p>
      <ul>
        <li>
          <Trans>The seed locked before the start is revealed, so anyone can re-run the draw.</Trans>
        </li>
        <li>
          <Trans>The contest ends: its entries can no longer be loaded or checked.</Trans>
        </li>
        <li>
          <Trans>The winners are announced as the contest's settings say.</Trans>
        </li>
      </ul>
      {firstDraw && (
        <Checkbox checked={consent} onChange={setConsent} disabled={loading}>
          <Trans>
            I have checked the entries and I start the final draw: its result is final and will be published.
          </Trans>
        </Checkbox>
      )}
    </Modal>
  );
}
