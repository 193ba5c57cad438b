/**
 * Builder settings and replace links (contest-builder.md §2, §6): the team's shortlink-on-paste setting (ask each
 * time, always, never; saving needs team.settings.edit_information), and the links already written in the
 * publications replaced by shortlinks at once (needs team.shortlinks.create_shortlink).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import constants from "../../../../schemas/constants.json";
import { ApiError } from "../../api/errors";
import { Modal } from "../../dialogs/Modal";
import { useSession } from "../../session/session";
import { createShortlink, saveShortlinksOnPaste, shortUrl } from "../api";
import { useBuilderEnv } from "../context";
import type { ShortlinksOnPaste } from "../form-context";

const LINK = /https?:\/\/[^\s<>"']+/g;
const SHORT_DOMAINS = new Set(constants.shortlinks.domains);

/** A link that is not a shortlink already (a malformed one is left alone). */
function longLink(link: string): boolean {
  try {
    return !SHORT_DOMAINS.has(new URL(link).hostname);
  } catch {
    return false;
  }
}

/** Every text of the sources' publications ("….content") that holds a link not shortened yet, by path. */
export function textsWithLinks(form: { sources: unknown[] }): [string, string][] {
  const out: [string, string][] = [];
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        walk(item, `${path}.${i}`);
      });
    } else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) walk(value, path ? `${path}.${key}` : key);
    } else if (typeof node === "string" && path.endsWith(".content")) {
      const links = node.match(LINK) ?? [];
      if (links.some(longLink)) out.push([path, node]);
    }
  };
  walk(form.sources, "sources");
  return out;
}

export function SettingsModal({ onDone, onCancel }: { onDone(): void; onCancel(): void }) {
  const { t } = useLingui();
  const session = useSession();
  const { actor, shortlinksOnPaste, setShortlinksOnPaste } = useBuilderEnv();
  const [choice, setChoice] = useState<NonNullable<ShortlinksOnPaste>>(shortlinksOnPaste() ?? "always_ask");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [replaced, setReplaced] = useState<number | null>(null);
  const canSave = session.can("team.settings.edit_information");
  const canShorten = session.can("team.shortlinks.create_shortlink");

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await saveShortlinksOnPaste(choice);
      setShortlinksOnPaste(choice);
      onDone();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
      setBusy(false);
    }
  };

  const replaceLinks = async () => {
    setBusy(true);
    setError(null);
    try {
      const domain = constants.shortlinks.domains[0] ?? "fdraw.co";
      const made = new Map<string, string>();
      let count = 0;
      for (const [path, text] of textsWithLinks(actor.getSnapshot().context.form)) {
        let next = text;
        for (const link of text.match(LINK) ?? []) {
          if (!longLink(link)) continue;
          let short = made.get(link);
          if (!short) {
            short = shortUrl(await createShortlink(link, domain));
            made.set(link, short);
          }
          next = next.replace(link, short);
          count += 1;
        }
        actor.send({ type: "CHANGE", path, value: next });
      }
      setReplaced(count);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const options: [NonNullable<ShortlinksOnPaste>, string][] = [
    ["always_ask", t`Ask me each time`],
    ["always", t`Always make a shortlink`],
    ["never", t`Never make a shortlink`],
  ];
  return (
    <Modal title={t`Builder settings`} onClose={onCancel} closable={!busy}>
      <fieldset className="builder-radio-group">
        <legend>
          <Trans>When I paste a link in a publication</Trans>
        </legend>
        {options.map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name="shortlinks-on-paste"
              value={value}
              checked={choice === value}
              disabled={!canSave || busy}
              onChange={() => setChoice(value)}
            />{" "}
            {label}
          </label>
        ))}
      </fieldset>
      {!canSave && (
        <p className="muted">
          <Trans>You don't have the permission to change the team's settings.</Trans>
        </p>
      )}
      <section>
        <h3 className="builder-modal-sub">
          <Trans>Replace links</Trans>
        </h3>
        <p>
          <Trans>Replace the links already written in the publications with shortlinks.</Trans>
        </p>
        <button
          type="button"
          className="button"
          disabled={!canShorten || busy}
          onClick={() => void replaceLinks()}
        >
          <Trans>Replace the links</Trans>
        </button>
        {replaced !== null && (
          <p role="status">
            <Trans>{replaced} link(s) replaced.</Trans>
          </p>
        )}
      </section>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </button>
        <button
          type="button"
          className="button primary"
          onClick={() => void save()}
          disabled={!canSave || busy}
        >
          <Trans>Save</Trans>
        </button>
      </div>
    </Modal>
  );
}
