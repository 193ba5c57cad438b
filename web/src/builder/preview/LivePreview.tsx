/**
 * The live preview beside a source's editor (issue 15): the publication being edited, drawn in its network's post
 * chrome, redrawn as the person types (the machine's form changes on each keystroke; validation does not). It
 * follows the field that has focus: a reminder's text shows that reminder, the closing publication's shows that
 * one; any other field shows the main publication. A region named as a preview, so a screen reader can skip it.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { mediaUrl } from "../api";
import { sameJson, useBuilderEnv, useBuilderSelector } from "../context";
import { pathOf } from "../form-context";
import { previewAuthor } from "./PreviewPane";
import { PublicationPreview } from "./PublicationPreview";
import { publicationAt, publicationsOf } from "./publications";
import { drawLinkOf } from "./tokens";

import "./preview.css";

/** The form path of the field that has focus inside the builder's main area, if any. */
function useFocusedPath(): string | null {
  const [path, setPath] = useState<string | null>(null);
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null;
      if (!target?.closest?.("#builder-main")) return;
      const owner = target.closest<HTMLElement>("[data-path]");
      const at = target.id?.startsWith("fd-") ? pathOf(target.id) : (owner?.dataset.path ?? null);
      if (at) setPath(at);
    };
    document.addEventListener("focusin", onFocus);
    return () => document.removeEventListener("focusin", onFocus);
  }, []);
  return path;
}

export function LivePreview({ sourceId }: { sourceId: number }) {
  const { t } = useLingui();
  const { served, locale } = useBuilderEnv();
  const index = useBuilderSelector((s) => s.context.form.sources.findIndex((x) => x.id === sourceId));
  const source = useBuilderSelector((s) => s.context.form.sources[index], sameJson);
  const base = useBuilderSelector(
    (s) => ({
      start_date: s.context.form.base.start_date,
      close_date: s.context.form.base.close_date,
      nb_winners: s.context.form.base.nb_winners,
      autodraw: s.context.form.base.autodraw,
    }),
    sameJson,
  );
  const focused = useFocusedPath();
  if (!source) return null;
  const prefix = `sources.${index}.`;
  const relative = focused?.startsWith(prefix) ? focused.slice(prefix.length) : "";
  const publications = publicationsOf(source, base);
  const shown = publicationAt(publications, source, relative);
  if (!shown) return null;
  const main = publications[0];
  const nbWinners = Number(base.nb_winners ?? 1);
  const position = shown.index;
  const labels: Record<string, string> = {
    main: t`Main publication`,
    reminder: t`Reminder ${position}`,
    won: t`Winning moment: won`,
    lost: t`Winning moment: lost`,
    remind_to_follow: t`Remind to follow ${position}`,
    closing: t`Closing publication`,
    winners: t`Winners publication`,
    message: t`Private message`,
  };
  return (
    <section className="live-preview" aria-labelledby="live-preview-title">
      <h3 id="live-preview-title" className="live-preview-title">
        <Trans>Preview</Trans>
        <span className="live-preview-which">{labels[shown.kind]}</span>
      </h3>
      <div className="live-preview-post">
        <PublicationPreview
          provider={source.type}
          author={previewAuthor(source, served.team.accounts[source.type] ?? [], t)}
          text={shown.text}
          media={shown.media}
          dark={shown.dark}
          mode={shown.mode}
          date={shown.date}
          locale={locale}
          nbWinners={Number.isFinite(nbWinners) ? nbWinners : 1}
          drawLink={drawLinkOf(served.public_url, null)}
          quoted={main && shown.kind !== "main" ? { text: main.text, media: main.media } : null}
          mediaUrl={mediaUrl}
        />
      </div>
      <p className="live-preview-note muted">
        <Trans>How the network will show it. Counts start at zero.</Trans>
      </p>
    </section>
  );
}
