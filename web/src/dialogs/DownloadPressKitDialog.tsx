/**
 * The press kit (app-shell.md §2 "download press kit"): the files of web/public/press-kit/, each downloadable.
 * The repository holds no press kit archive; the kit is what exists — the logo and a short presentation text.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import "../team/team.css";
import { Modal } from "./Modal";

export const PRESS_KIT_FILES: { href: string; name: string; what: MessageDescriptor }[] = [
  { href: "/press-kit/fairdraw-logo.svg", name: "fairdraw-logo.svg", what: msg`The logo (SVG, any size)` },
  {
    href: "/press-kit/fairdraw-mark.svg",
    name: "fairdraw-mark.svg",
    what: msg`The mark alone (SVG, square)`,
  },
  {
    href: "/press-kit/README.md",
    name: "README.md",
    what: msg`Who we are, in a few lines, and how to use the logo`,
  },
];

export function DownloadPressKitDialog({ onClose }: { onClose(): void }) {
  const { t, i18n } = useLingui();
  return (
    <Modal
      title={t`Press kit`}
      onClose={onClose}
      size="small"
      footer={
        <button type="button" className="button" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      }
    >
      <p>
        <Trans>Writing about Fairdraw? Take what you need.</Trans>
      </p>
      <ul className="team-download-list">
        {PRESS_KIT_FILES.map((f) => (
          <li key={f.href}>
            <a href={f.href} download={f.name} className="button small" aria-label={t`Download ${f.name}`}>
              <Trans>Download</Trans>
            </a>{" "}
            <span>{i18n._(f.what)}</span>{" "}
            <span className="muted" dir="ltr">
              {f.name}
            </span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
