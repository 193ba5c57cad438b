/**
 * Transfer a team's ownership (app-shell.md §2, §4, §6, §7 POST /teams/{teamId}/transfer_ownership): the button
 * is enabled once a member who is not the owner is chosen. Afterwards the user is reloaded (they are a member
 * now) with the "ownership transferred" toast (§8).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import type { Member } from "../../../codegen/types";
import { useSession } from "../session/session";
import { useErrorHandler } from "../shell/useErrorHandler";
import { listMembers, transferOwnership } from "../team/api";
import { Empty, WhenLoaded } from "../team/states";
import "../team/team.css";
import { notify } from "../feedback/Toasts";
import { useLoad } from "../team/useLoad";
import { HoldButton, type HoldState } from "../widgets/HoldButton";
import { Modal } from "./Modal";

/** The members ownership can go to: everyone but the owner. */
export function transferCandidates(members: readonly Member[]): Member[] {
  return members.filter((m) => m.pivot.role !== "owner");
}

/** The button is enabled once a non-owner member is chosen. */
export function canTransferTo(members: readonly Member[], chosenId: string): boolean {
  return transferCandidates(members).some((m) => m._id === chosenId);
}

export function TransferOwnershipDialog({
  team,
  onClose,
  onTransferred,
  members: given,
}: {
  team: { _id: string; name: string };
  onClose(): void;
  onTransferred?(): void;
  /** The team's members when the caller has them; loaded otherwise. */
  members?: Member[];
}) {
  const { t } = useLingui();
  const [loaded, { reload }] = useLoad(given ? "given" : "members", () =>
    given ? Promise.resolve(given) : listMembers(),
  );
  return (
    <Modal title={t`Transfer the ownership`} onClose={onClose}>
      <WhenLoaded state={loaded} onRetry={reload}>
        {(members) => (
          <TransferForm team={team} members={members} onClose={onClose} onTransferred={onTransferred} />
        )}
      </WhenLoaded>
    </Modal>
  );
}

function TransferForm({
  team,
  members,
  onClose,
  onTransferred,
}: {
  team: { _id: string; name: string };
  members: Member[];
  onClose(): void;
  onTransferred?(): void;
}) {
  const { t } = useLingui();
  const session = useSession();
  const onError = useErrorHandler();
  const selectId = useId();
  const [chosen, setChosen] = useState("");
  const [state, setState] = useState<HoldState>("hold");
  const candidates = transferCandidates(members);
  const name = team.name;

  const confirm = async () => {
    setState("loading");
    try {
      await transferOwnership(team._id, chosen);
    } catch (e) {
      setState("hold");
      onError(e);
      return;
    }
    await session.refresh();
    onTransferred?.();
    onClose();
    notify.success(t`Ownership transferred`);
  };

  if (candidates.length === 0) {
    return (
      <>
        <Empty>
          <Trans>The team has no other member yet: invite someone first, then make them the owner.</Trans>
        </Empty>
        <div className="dialog-actions team-actions">
          <button type="button" className="button" onClick={onClose}>
            <Trans>Close</Trans>
          </button>
        </div>
      </>
    );
  }
  return (
    <>
      <p>
        <Trans>
          The new owner holds every permission of {name}. You stay in the team as a member, with the default
          permissions.
        </Trans>
      </p>
      <div className="field">
        <label htmlFor={selectId}>
          <Trans>New owner</Trans>
        </label>
        <select
          id={selectId}
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          disabled={state === "loading"}
        >
          <option value="">{t`Choose a member`}</option>
          {candidates.map((m) => (
            <option key={m._id} value={m._id}>
              {m.name}
            </option>
          ))}
        </select>
      </div>
      <div className="dialog-actions team-actions">
        <button type="button" className="button" onClick={onClose} disabled={state === "loading"}>
          <Trans>Cancel</Trans>
        </button>
        <HoldButton
          dangerous
          state={state}
          disabled={!canTransferTo(members, chosen)}
          onConfirm={() => void confirm()}
        >
          <Trans>Transfer the ownership</Trans>
        </HoldButton>
      </div>
    </>
  );
}
