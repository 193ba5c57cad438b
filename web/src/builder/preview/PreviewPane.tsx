/**
 * The preview of every publication of a contest (contest-builder.md §2, summary pane): per source, tabs for the
 * main publication, each reminder, the twitter winning-moment won and lost replies, the remind-to-follow replies,
 * the closing and winners publications and the private message to winners — only those the source will publish.
 * Tabs follow the WAI-ARIA pattern: arrows move between them (mirrored right to left), Home and End go to the ends.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import type { BuilderForm } from "../../../../engine/builder/form";
import type { BuilderConfig } from "../../../../engine/config/types";
import { providerOf } from "../../providers";
import type { TeamAccount } from "../form-context";
import { type PreviewAuthor, PublicationPreview } from "./PublicationPreview";
import { type PreviewPublication, type PublicationKind, publicationsOf } from "./publications";

import "./preview.css";

export type PreviewPaneProps = {
  form: BuilderForm;
  config: BuilderConfig;
  locale: string;
  /** The team's accounts by network; by default those of the served config (`team.accounts`). */
  accounts?: Readonly<Record<string, readonly TeamAccount[]>>;
  /** The URL that shows an uploaded file (formContext.mediaUrl). */
  mediaUrl?(uuid: string): string;
  /** What {DRAW_LINK} becomes in the posts (tokens.ts drawLinkOf); the sample link when not given. */
  drawLink?: string;
};

const TAB_LABELS: Record<PublicationKind, MessageDescriptor> = {
  main: msg`Main publication`,
  reminder: msg`Reminder`,
  won: msg`Winning moment: won`,
  lost: msg`Winning moment: lost`,
  remind_to_follow: msg`Remind to follow`,
  closing: msg`Closing publication`,
  winners: msg`Winners publication`,
  message: msg`Private message`,
};

/** The accounts of the served config (GET …/contest-builder/config answers them under team.accounts). */
function configAccounts(config: BuilderConfig): Readonly<Record<string, readonly TeamAccount[]>> {
  return (
    (config as BuilderConfig & { team?: { accounts?: Record<string, TeamAccount[]> } }).team?.accounts ?? {}
  );
}

/** Who publishes: the source's chosen account, or a placeholder until one is chosen. */
export function previewAuthor(
  source: unknown,
  accounts: readonly TeamAccount[],
  t: ReturnType<typeof useLingui>["t"],
): PreviewAuthor {
  const publication = (source as { publication?: { account_id?: unknown } } | undefined)?.publication;
  const account = accounts.find((a) => a.account_id === publication?.account_id);
  return account
    ? { name: account.name, screen_name: account.screen_name, sandbox: account.sandbox }
    : { name: t`Your account`, screen_name: t`your_account` };
}

export function PreviewPane({ form, config, locale, accounts, mediaUrl, drawLink }: PreviewPaneProps) {
  const known = accounts ?? configAccounts(config);
  if (form.sources.length === 0) {
    return (
      <p className="preview-empty muted">
        <Trans>Add a source to see its publications here.</Trans>
      </p>
    );
  }
  return (
    <div className="preview-pane">
      {form.sources.map((source, index) => (
        <SourcePreview
          key={source.id}
          source={source}
          index={index}
          base={form.base}
          locale={locale}
          accounts={known[source.type] ?? []}
          mediaUrl={mediaUrl}
          drawLink={drawLink}
        />
      ))}
    </div>
  );
}

function SourcePreview({
  source,
  index,
  base,
  locale,
  accounts,
  mediaUrl,
  drawLink,
}: {
  source: BuilderForm["sources"][number];
  index: number;
  base: BuilderForm["base"];
  locale: string;
  accounts: readonly TeamAccount[];
  mediaUrl?(uuid: string): string;
  drawLink?: string;
}) {
  const { t } = useLingui();
  const publications = publicationsOf(source, base);
  const [active, setActive] = useState(0);
  const tabsRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  const current = Math.min(active, publications.length - 1);
  const network = providerOf(source.type)?.display_name ?? source.type;
  const author = previewAuthor(source, accounts, t);
  const main = publications[0];
  const nbWinners = Number((base as { nb_winners?: unknown }).nb_winners ?? 1);

  const labelOf = (p: PreviewPublication) => {
    const label = t(TAB_LABELS[p.kind]);
    return p.of > 1 || p.kind === "reminder" ? `${label} ${p.index}` : label;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const last = publications.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: rtl ? current - 1 : current + 1,
      ArrowLeft: rtl ? current + 1 : current - 1,
      Home: 0,
      End: last,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = (to + publications.length) % publications.length;
    setActive(next);
    tabsRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };

  const shown = publications[current];
  return (
    <section className="preview-source" aria-labelledby={headingId}>
      <h3 id={headingId} className="preview-source-title">
        <Trans>
          {network}, source {index + 1}
        </Trans>
      </h3>
      <div
        ref={tabsRef}
        className="preview-tabs"
        role="tablist"
        aria-label={t`Publications on ${network}`}
        onKeyDown={onKeyDown}
      >
        {publications.map((p, i) => (
          <button
            key={p.key}
            type="button"
            role="tab"
            id={`${baseId}-tab-${i}`}
            aria-selected={i === current}
            aria-controls={`${baseId}-panel`}
            tabIndex={i === current ? 0 : -1}
            className="preview-tab"
            onClick={() => setActive(i)}
          >
            {labelOf(p)}
          </button>
        ))}
      </div>
      {shown && (
        <div
          role="tabpanel"
          id={`${baseId}-panel`}
          aria-labelledby={`${baseId}-tab-${current}`}
          className="preview-panel"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the tab panel pattern makes the panel reachable
          tabIndex={0}
        >
          <PublicationPreview
            provider={source.type}
            author={author}
            text={shown.text}
            media={shown.media}
            dark={shown.dark}
            mode={shown.mode}
            date={shown.date}
            locale={locale}
            nbWinners={Number.isFinite(nbWinners) ? nbWinners : 1}
            drawLink={drawLink}
            quoted={main && shown.kind !== "main" ? { text: main.text, media: main.media } : null}
            mediaUrl={mediaUrl}
          />
        </div>
      )}
    </section>
  );
}
