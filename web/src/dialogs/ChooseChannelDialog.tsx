/**
 * After an OAuth login that owns several channels (a Google account's YouTube channels, a Facebook login's Pages):
 * the person picks the one to link (GET/POST /accounts/connect/choices/{pick}), named as the network names them.
 * Closing it links nothing.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useRef, useState } from "react";
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
  const [provider, setProvider] = useState("");
  const [chosen, setChosen] = useState("");
  const [busy, setBusy] = useState(false);

  // Read once per pick: the handlers are read through a ref, so a parent's re-render does not ask again (a new
  // onError each render asked for the choices in a loop and reset the person's pick).
  const handlers = useRef({ onError, onClose });
  handlers.current = { onError, onClose };
  useEffect(() => {
    getChoices(pick)
      .then((got) => {
        setChoices(got.choices);
        setProvider(got.provider);
        setChosen(got.choices[0]?.external_id ?? "");
      })
      .catch((err: unknown) => {
        handlers.current.onError(err);
        handlers.current.onClose();
      });
  }, [pick]);

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

  // Facebook calls them Pages; Instagram through a Page, accounts; YouTube and the others, channels.
  const pages = provider === "facebook";
  const throughPages = choices?.some((c) => c.through !== undefined) ?? false;
  const title = throughPages
    ? t`Choose the Instagram account to link`
    : pages
      ? t`Choose the Page to link`
      : t`Choose the channel to link`;
  return (
    <Modal title={title} onClose={onClose} closable={!busy}>
      {choices === null ? (
        <p className="muted" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="team-form">
          <fieldset className="team-provider-choice">
            <legend>
              {throughPages ? (
                <Trans>
                  Several of this login's Pages have an Instagram business account. Which one should the team
                  use? Pages without one are not listed.
                </Trans>
              ) : pages ? (
                <Trans>This login manages several Pages. Which one should the team use?</Trans>
              ) : (
                <Trans>This login owns several channels. Which one should the team use?</Trans>
              )}
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
                  {c.through !== undefined && (
                    <>
                      {" "}
                      <span className="muted">
                        <Trans>through the Page {c.through}</Trans>
                      </span>
                    </>
                  )}
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
              {busy ? (
                <Trans>Please wait…</Trans>
              ) : throughPages ? (
                <Trans>Link this account</Trans>
              ) : pages ? (
                <Trans>Link this Page</Trans>
              ) : (
                <Trans>Link this channel</Trans>
              )}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
