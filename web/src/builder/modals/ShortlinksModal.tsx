/**
 * Manage shortlinks (contest-builder.md §2): the team's last 5 shortlinks to copy into a publication, and a new one
 * from a link (needs team.shortlinks.create_shortlink).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useState } from "react";
import constants from "../../../../schemas/constants.json";
import { ApiError } from "../../api/errors";
import { Modal } from "../../dialogs/Modal";
import { useSession } from "../../session/session";
import { CopyButton } from "../../widgets/CopyButton";
import { createShortlink, lastShortlinks, type Shortlink, shortUrl } from "../api";

export function ShortlinksModal({ onClose }: { onClose(): void }) {
  const { t } = useLingui();
  const session = useSession();
  const [links, setLinks] = useState<Shortlink[] | "loading" | "failed">("loading");
  const [url, setUrl] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canCreate = session.can("team.shortlinks.create_shortlink");
  const canView = session.can("team.shortlinks.view_shortlink");

  const load = useCallback(() => {
    if (!canView) {
      setLinks([]);
      return;
    }
    lastShortlinks().then(setLinks, () => setLinks("failed"));
  }, [canView]);
  useEffect(load, [load]);

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      await createShortlink(url.trim(), constants.shortlinks.domains[0] ?? "fdraw.co");
      setUrl("");
      load();
    } catch (e) {
      setError(e instanceof ApiError ? (e.field("url") ?? e.message) : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={t`Shortlinks`} onClose={onClose} size="medium">
      <h3 className="builder-modal-sub">
        <Trans>Your last shortlinks</Trans>
      </h3>
      {links === "loading" ? (
        <p role="status">{t`Loading…`}</p>
      ) : links === "failed" ? (
        <p role="alert">{t`The shortlinks could not be loaded.`}</p>
      ) : links.length === 0 ? (
        <p className="muted">{t`No shortlink yet.`}</p>
      ) : (
        <ul className="builder-shortlinks">
          {links.slice(0, constants.shortlinks.listed).map((link) => (
            <li key={link._id}>
              <span className="builder-shortlink">{shortUrl(link)}</span>
              <span className="muted builder-shortlink-url" title={link.url}>
                {link.url}
              </span>
              <CopyButton text={shortUrl(link)} label={t`Copy ${shortUrl(link)}`} />
            </li>
          ))}
        </ul>
      )}
      {canCreate && (
        <form
          className="builder-shortlink-form"
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <label htmlFor="builder-shortlink-url">
            <Trans>Link to shorten</Trans>
          </label>
          <input
            id="builder-shortlink-url"
            className="builder-shortlink-input"
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            aria-invalid={error ? "true" : undefined}
            aria-describedby={error ? "builder-shortlink-error" : undefined}
            placeholder="https://"
          />
          <button type="submit" className="button primary" disabled={busy || url.trim() === ""}>
            <Trans>Create the shortlink</Trans>
          </button>
          {error && (
            <span id="builder-shortlink-error" className="field-error" role="alert">
              {" – "}
              {error}
            </span>
          )}
        </form>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
    </Modal>
  );
}
