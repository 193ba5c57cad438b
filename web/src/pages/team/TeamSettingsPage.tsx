/**
 * /team/settings (app-shell.md §2, §3, §6, §7): the team's name and the builder setting
 * meta.contest_builder_create_shortlinks_on_paste (POST /teams/current; team.settings.edit_information), the
 * transfer of ownership (team.settings.transfer_ownership) and the deletion of the team
 * (team.settings.delete_team; a default team can't be deleted: cantDeleteYourDefaultTeam).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { ApiError } from "../../api/errors";
import { DeleteTeamDialog } from "../../dialogs/DeleteTeamDialog";
import { useDialogs } from "../../dialogs/DialogHost";
import { TransferOwnershipDialog } from "../../dialogs/TransferOwnershipDialog";
import { notify } from "../../feedback/Toasts";
import { useSession, useUser } from "../../session/session";
import { useErrorHandler } from "../../shell/useErrorHandler";
import { type ShortlinksOnPaste, updateTeam } from "../../team/api";
import "../../team/team.css";
import { usePageTitle } from "../../usePageTitle";

const ON_PASTE: readonly ShortlinksOnPaste[] = ["always_ask", "always", "never"];

export default function TeamSettingsPage() {
  const { t } = useLingui();
  usePageTitle(t`Team settings`);
  const user = useUser();
  const session = useSession();
  const dialogs = useDialogs();
  const team = user.currentTeam;
  const canEdit = session.can("team.settings.edit_information");
  const canTransfer = session.can("team.settings.transfer_ownership");
  const canDelete = session.can("team.settings.delete_team");

  return (
    <div className="team-page">
      <h1>
        <Trans>Team settings</Trans>
      </h1>
      {!canEdit && (
        <p className="team-notice" role="note">
          <Trans>You don't have the permission to change the team's information.</Trans>
        </p>
      )}
      <NameForm key={`name-${team._id}`} name={team.name} canEdit={canEdit} />
      <OnPasteForm
        key={`paste-${team._id}`}
        value={team.meta.contest_builder_create_shortlinks_on_paste ?? null}
        canEdit={canEdit}
      />
      {(canTransfer || canDelete) && (
        <section className="card team-danger-zone" aria-labelledby="danger-zone">
          <h2 id="danger-zone">
            <Trans>Ownership and deletion</Trans>
          </h2>
          {team.is_default && (
            <p className="team-notice" role="note">
              <Trans>
                This is a default team: every user keeps one, so it can't be given away nor deleted.
              </Trans>
            </p>
          )}
          {canTransfer && (
            <div className="team-danger-row">
              <p>
                <Trans>Make another member the owner of the team.</Trans>
              </p>
              <button
                type="button"
                className="button"
                disabled={team.is_default}
                onClick={() =>
                  dialogs.open((close) => <TransferOwnershipDialog team={team} onClose={close} />)
                }
              >
                <Trans>Transfer the ownership</Trans>
              </button>
            </div>
          )}
          {canDelete && (
            <div className="team-danger-row">
              <p>
                <Trans>Delete the team, its contests and everything in it.</Trans>
              </p>
              <button
                type="button"
                className="button danger"
                disabled={team.is_default}
                onClick={() => dialogs.open((close) => <DeleteTeamDialog team={team} onClose={close} />)}
              >
                <Trans>Delete the team</Trans>
              </button>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

/**
 * Saving a change of the team (POST /teams/current): busy while the call runs, then a "Saved." toast and the user
 * refreshed. A 422 naming `field` gives that field's message back; any other failure goes to the shell.
 */
function useTeamSave(field?: string) {
  const session = useSession();
  const onError = useErrorHandler();
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const save = async (change: Parameters<typeof updateTeam>[0]): Promise<string | null> => {
    setBusy(true);
    try {
      await updateTeam(change);
    } catch (err) {
      setBusy(false);
      const problem = field && err instanceof ApiError && err.status === 422 ? err.field(field) : undefined;
      if (!problem) onError(err);
      return problem ?? null;
    }
    setBusy(false);
    notify.success(t`Saved.`);
    await session.refresh();
    return null;
  };
  return { busy, save };
}

/** The save button of a team form (the "Saved." toast comes from useTeamSave). */
function SaveActions({
  busy,
  disabled,
  children,
}: {
  busy: boolean;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <div className="team-form-actions">
      <button type="submit" className="button primary" disabled={disabled || busy} aria-busy={busy}>
        {busy ? <Trans>Please wait…</Trans> : children}
      </button>
    </div>
  );
}

function NameForm({ name, canEdit }: { name: string; canEdit: boolean }) {
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const { busy, save } = useTeamSave("name");
  const changed = value.trim() !== name && value.trim() !== "";

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canEdit) return;
    setError(null);
    setError(await save({ name: value }));
  };

  return (
    <section className="card" aria-labelledby="team-name">
      <h2 id="team-name">
        <Trans>Name</Trans>
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate className="team-form">
        <div className="field">
          <label htmlFor={inputId}>
            <Trans>Team name</Trans>
          </label>
          <input
            id={inputId}
            type="text"
            value={value}
            maxLength={100}
            onChange={(e) => {
              setValue(e.target.value);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            disabled={!canEdit || busy}
          />
          {error && (
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <SaveActions busy={busy} disabled={!canEdit || !changed}>
          <Trans>Save the name</Trans>
        </SaveActions>
      </form>
    </section>
  );
}

function OnPasteForm({ value, canEdit }: { value: ShortlinksOnPaste | null; canEdit: boolean }) {
  const { t } = useLingui();
  const [choice, setChoice] = useState<ShortlinksOnPaste | null>(value);
  const { busy, save } = useTeamSave();
  const labels: Record<ShortlinksOnPaste, string> = {
    always_ask: t`Ask me each time`,
    always: t`Always make a shortlink`,
    never: t`Never make a shortlink`,
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canEdit || choice === null) return;
    await save({ meta: { contest_builder_create_shortlinks_on_paste: choice } });
  };

  return (
    <section className="card" aria-labelledby="builder-settings">
      <h2 id="builder-settings">
        <Trans>Contest builder</Trans>
      </h2>
      <form onSubmit={(e) => void submit(e)} className="team-form">
        <fieldset className="team-choice team-stacked">
          <legend>
            <Trans>When a link is pasted into a publication, make a shortlink of it?</Trans>
          </legend>
          {ON_PASTE.map((option) => (
            <label key={option}>
              <input
                type="radio"
                name="shortlinks-on-paste"
                value={option}
                checked={choice === option}
                onChange={() => {
                  setChoice(option);
                }}
                disabled={!canEdit || busy}
              />
              {labels[option]}
            </label>
          ))}
          {value === null && (
            <p className="muted">
              <Trans>Not chosen yet: the builder asks the first time.</Trans>
            </p>
          )}
        </fieldset>
        <SaveActions busy={busy} disabled={!canEdit || choice === null || choice === value}>
          <Trans>Save the setting</Trans>
        </SaveActions>
      </form>
    </section>
  );
}
