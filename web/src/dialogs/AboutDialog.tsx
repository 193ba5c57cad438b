/**
 * About (app-shell.md §2): the version, the date of the last update (the build's), Fairdraw's social links, and the
 * way to the press kit (it replaces this dialog: one dialog at a time).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import dayjs from "dayjs";
import { useDialogs } from "./DialogHost";
import { DownloadPressKitDialog } from "./DownloadPressKitDialog";
import { Modal } from "./Modal";

export const APP_VERSION: string = import.meta.env.VITE_APP_VERSION ?? "dev";
export const BUILD_DATE: string | undefined = import.meta.env.VITE_BUILD_DATE;

/** Where Fairdraw is on the networks (names of networks are not translated). */
export const SOCIAL_LINKS: readonly { name: string; url: string }[] = [
  { name: "Bluesky", url: "https://bsky.app/profile/fairdraw.app" },
  { name: "X", url: "https://x.com/fairdraw" },
  { name: "LinkedIn", url: "https://www.linkedin.com/company/fairdraw" },
  { name: "Instagram", url: "https://www.instagram.com/fairdraw" },
];

/** The build date in the interface language ("July 1, 2026", "1 juillet 2026"), or null when unknown. */
export function formatBuildDate(iso: string | undefined): string | null {
  if (!iso) return null;
  const date = dayjs(iso);
  return date.isValid() ? date.format("LL") : null;
}

export function AboutDialog({ onClose }: { onClose(): void }) {
  const { t } = useLingui();
  const dialogs = useDialogs();
  const updated = formatBuildDate(BUILD_DATE);
  return (
    <Modal
      title={t`About Fairdraw`}
      onClose={onClose}
      size="small"
      footer={
        <button
          type="button"
          className="button"
          onClick={() => dialogs.open((close) => <DownloadPressKitDialog onClose={close} />)}
        >
          <Trans>Press kit</Trans>
        </button>
      }
    >
      <div data-dialog="about">
        <p>
          <Trans>Fair giveaway contests on social networks, drawn in the open.</Trans>
        </p>
        <dl className="about-facts">
          <dt>
            <Trans>Version</Trans>
          </dt>
          <dd data-version>{APP_VERSION}</dd>
          <dt>
            <Trans>Last update</Trans>
          </dt>
          <dd>{updated ?? <Trans>Unknown</Trans>}</dd>
        </dl>
        <nav aria-label={t`Fairdraw on social networks`}>
          <ul className="social-links">
            {SOCIAL_LINKS.map((s) => (
              <li key={s.url}>
                <a href={s.url} target="_blank" rel="noreferrer noopener">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </Modal>
  );
}
