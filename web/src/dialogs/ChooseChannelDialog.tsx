/**
 * After an OAuth login that owns several channels (a Google account's YouTube channels): the person picks the one
 * to link (GET/POST /accounts/connect/choices/{pick}). Closing it links nothing.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useState } from "react";
import { useErrorHandler } from "../shell/useErrorHandler";
import { type ChannelChoice, getChoices, pickChoice } from "../team/connect";
import { Avatar } from "../widgets/Avatar";
import { Modal } from "./Modal";

export function ChooseChannelDialog({
  pick,
  onClose,
  onLinked,
}: {
  pick: string;
  onClose(): void;
  onLinked(name: string): void;
}) {
  const { t } = useLingui();
  const onError = useErrorHandler();
  const [choices, setChoices] = useState<ChannelChoice[] | null>(null);
  const [chosen, setChosen] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    getChoices(pick)
      .then((got) => {
        setChoices(got.choices);
        setChosen(got.choices[0]?.external_id ?? "");
      })
      .catch((err: unknown) => {
        onError(err);
        onClose();
      });
  }, [pick, onError, onClose]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const { linked } = await pickChoice(pick, chosen);
      onLinked(linked.name);
      onClose();
    } catch (err) {
      setBusy(false);
      onError(err);
    }
  };

  return (
    <Modal title={t`Choose the channel to link`} onClose={onClose} closable={!busy}>
      {choices === null ? (
        <p className="muted" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="team-form">
          <fieldset className="team-provider-choice">
            <legend>
              <Trans>This login owns several channels. Which one should the team use?</Trans>
            </legend>
            {choices.map((c) => (
              <label key={c.external_id} className="team-provider-option">
                <input
                  type="radio"
                  name="channel"
                  value={c.external_id}
                  checked={chosen === c.external_id}
                  onChange={() => setChosen(c.external_id)}
                  disabled={busy}
                />
                <Avatar src={c.profile_picture} alt="" size={28} />
                <span>
                  <strong>{c.name}</strong>{" "}
                  <span className="muted" dir="ltr">
                    @{c.screen_name}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="dialog-actions team-actions">
            <button type="button" className="button" onClick={onClose} disabled={busy}>
              <Trans>Cancel</Trans>
            </button>
            <button
              type="submit"
              className="button primary"
              disabled={busy || chosen === ""}
              aria-busy={busy}
            >
              {busy ? <Trans>Please wait…</Trans> : <Trans>Link this channel</Trans>}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
