/**
 * The press kit (app-shell.md §2 "download press kit", about 402 KB): the whole kit as one ZIP, and each of its
 * files on its own — the logo and the mark in SVG and PNG, screenshots of the app, a short text. The files are
 * made by `npm run press-kit` (scripts/press-kit.ts) into web/public/press-kit/, listed with their sizes in
 * press-kit.json.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Download } from "lucide-react";
import "../team/team.css";
import { Modal } from "./Modal";
import manifest from "./press-kit.json";

const BASE = "/press-kit/";

type KitFile = { name: string; bytes: number };
const kit: { zip: KitFile; files: KitFile[] } = manifest;

/** What each file of the kit is, by the start of its name. */
const WHAT: [RegExp, MessageDescriptor][] = [
  [/^fairdraw-logo-white\./, msg`The logo for dark backgrounds`],
  [/^fairdraw-logo\./, msg`The logo`],
  [/^fairdraw-mark-white/, msg`The mark alone, for dark backgrounds`],
  [/^fairdraw-mark/, msg`The mark alone (square)`],
  [/^screenshot-dashboard/, msg`Screenshot: the dashboard`],
  [/^screenshot-contest/, msg`Screenshot: a contest`],
  [/^screenshot-builder/, msg`Screenshot: the contest builder with its live preview`],
  [/^screenshot-verify/, msg`Screenshot: the public check of a draw`],
  [/^README/, msg`Who we are, in a few lines, and how to use the logo`],
];

export const PRESS_KIT_FILES: {
  href: string;
  name: string;
  bytes: number;
  what: MessageDescriptor | null;
}[] = kit.files.map((f) => ({
  href: `${BASE}${f.name}`,
  name: f.name,
  bytes: f.bytes,
  what: WHAT.find(([re]) => re.test(f.name))?.[1] ?? null,
}));

export const PRESS_KIT_ZIP = { href: `${BASE}${kit.zip.name}`, name: kit.zip.name, bytes: kit.zip.bytes };

export function DownloadPressKitDialog({ onClose }: { onClose(): void }) {
  const { t, i18n } = useLingui();
  const size = (bytes: number) =>
    i18n.number(bytes / 1024, { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 });
  const zipSize = size(PRESS_KIT_ZIP.bytes);
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
      <p>
        <a href={PRESS_KIT_ZIP.href} download={PRESS_KIT_ZIP.name} className="button primary press-kit-zip">
          <Download size={16} aria-hidden="true" /> <Trans>Download the whole kit (ZIP, {zipSize})</Trans>
        </a>
      </p>
      <h3 className="press-kit-files-title">
        <Trans>Or one file at a time</Trans>
      </h3>
      <ul className="team-download-list">
        {PRESS_KIT_FILES.map((f) => (
          <li key={f.href}>
            <a href={f.href} download={f.name} className="button small" aria-label={t`Download ${f.name}`}>
              <Trans>Download</Trans>
            </a>{" "}
            {f.what && <span>{i18n._(f.what)}</span>}{" "}
            <span className="muted" dir="ltr">
              {f.name}, {size(f.bytes)}
            </span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
