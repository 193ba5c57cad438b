/**
 * The winners announcement of the drawing page (issue 13): once the final draw is made, each source offers to
 * publish on its network a reply to its main post naming the winners who entered it ({WINNERS}), from its
 * publishing account, written in the builder's text editor (its counter follows the network's rule) and shown in
 * the builder's publication preview as it will go out. One announcement per source; once out it shows as sent.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { asApiError } from "../api/errors";
import { PublicationPreview } from "../builder/preview/PublicationPreview";
import { drawLinkOf } from "../builder/preview/tokens";
import { TextEditor } from "../builder/widgets/TextEditor";
import { textLimitOf } from "../builder/widgets/text-count";
import { providerOf } from "../providers";
import { type Announcement, announceWinners } from "./api";
import "../builder/preview/preview.css";
import "../builder/widgets/widgets.css";
import { formatList } from "../i18n/list";

// Tokens pass through the translations as values: written in a message, braces would be read as placeholders.
const WINNERS = "{WINNERS}";
const DRAW_LINK = "{DRAW_LINK}";

export function WinnersAnnouncements({
  contestId,
  announcements,
  publicUrl,
  locale,
  mayPublish,
  onPublished,
}: {
  contestId: string;
  announcements: readonly Announcement[];
  publicUrl: string;
  locale: string;
  mayPublish: boolean;
  onPublished(): void;
}) {
  const { t } = useLingui();
  if (announcements.length === 0) return null;
  return (
    <section className="card" aria-labelledby="draw-announce">
      <h2 id="draw-announce">
        <Trans>Announce the winners</Trans>
      </h2>
      <p>
        {t`Publish the winners on each network as a reply to the contest's post, from its account. ${WINNERS} becomes the handles of the winners who entered there, ${DRAW_LINK} the public verification page.`}
      </p>
      {announcements.map((a) => (
        <SourceAnnouncement
          key={a.source_id}
          contestId={contestId}
          announcement={a}
          drawLink={drawLinkOf(publicUrl, contestId)}
          locale={locale}
          mayPublish={mayPublish}
          onPublished={onPublished}
        />
      ))}
    </section>
  );
}

function SourceAnnouncement({
  contestId,
  announcement: a,
  drawLink,
  locale,
  mayPublish,
  onPublished,
}: {
  contestId: string;
  announcement: Announcement;
  drawLink: string;
  locale: string;
  mayPublish: boolean;
  onPublished(): void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const network = providerOf(a.provider)?.display_name ?? a.provider;
  const [text, setText] = useState(
    t`Congratulations ${WINNERS}, you won! Thank you all for taking part. Check the draw: ${DRAW_LINK}`,
  );
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const sent = a.announcement;
  const author = a.account ?? { name: network, screen_name: "" };

  const publish = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await announceWinners(contestId, a.source_id, text);
      onPublished();
    } catch (err) {
      const e = asApiError(err);
      setProblem(e.field("content") ?? e.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="announce-source" data-source={a.source_id}>
      <h3>
        <Trans>
          {network}, from @{author.screen_name}
        </Trans>
      </h3>
      <p className="muted">
        {a.winners.length > 0 ? (
          <>
            <Plural value={a.winners.length} one="# winner entered here:" other="# winners entered here:" />{" "}
            {formatList(i18n.locale, a.winners)}
          </>
        ) : (
          <Trans>No winner entered on this network.</Trans>
        )}
      </p>
      {sent ? (
        <>
          <p className="notice info" role="status">
            <Trans>The announcement is published.</Trans>
          </p>
          <PublicationPreview
            provider={a.provider}
            author={author}
            text={sent.text}
            media={[]}
            mode="reply"
            locale={locale}
          />
        </>
      ) : (
        <div className="announce-editor">
          <div className="announce-field">
            <label htmlFor={`${id}-text`}>
              <Trans>Announcement</Trans>
            </label>
            <TextEditor
              id={`${id}-text`}
              value={text}
              onChange={setText}
              multiline
              rows={4}
              limit={textLimitOf(a.content_rule ?? undefined)}
              ctx={undefined}
              disabled={!mayPublish || busy}
              invalid={problem !== null}
              describedBy={problem ? `${id}-problem` : undefined}
            />
            {problem && (
              <p id={`${id}-problem`} className="field-error" role="alert">
                {problem}
              </p>
            )}
            <button
              type="button"
              className="button primary"
              onClick={() => void publish()}
              disabled={!mayPublish || busy || text.trim() === ""}
              aria-busy={busy}
            >
              <Trans>Publish on {network}</Trans>
            </button>
          </div>
          <div className="announce-preview">
            <PublicationPreview
              provider={a.provider}
              author={author}
              text={text}
              media={[]}
              mode="reply"
              locale={locale}
              drawLink={drawLink}
              winners={a.winners.join(", ")}
            />
          </div>
        </div>
      )}
    </div>
  );
}
