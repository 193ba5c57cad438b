/**
 * One publication drawn the way its network shows a post: the author's picture, name and handle, the text with its
 * links, @mentions and #hashtags highlighted and its tokens shown as sample values, the media grid (1 to 4), the
 * main post quoted under a repost or a quote, and a mark on a dark (ad-only) post. A private message is drawn as a
 * message bubble. Each network's look (link colour, corners, handle, the reaction bar under a post) comes from its
 * definition's `ui.post` (schemas/providers/<name>.json), so a new network needs no code here.
 */

import { Trans, useLingui } from "@lingui/react/macro";
import {
  Bookmark,
  ChartNoAxesColumn,
  Heart,
  type LucideIcon,
  Megaphone,
  MessageCircle,
  Repeat2,
  Send,
  Share,
  ThumbsDown,
  ThumbsUp,
} from "lucide-react";
import type { CSSProperties, ReactNode } from "react";
import type { MediaFile } from "../../../../codegen/types";
import { showsHandle } from "../../../../engine/provider";
import { ProviderMark } from "../../components/ProviderMark";
import { type ProviderDefinition, providerOf } from "../../providers";
import { Avatar } from "../../widgets/Avatar";
import { MediaGrid, type MediaItem } from "../../widgets/MediaGrid";
import type { PublicationMode } from "./publications";
import { segmentsOf } from "./rich-text";

export type PreviewAuthor = { name: string; screen_name: string; picture?: string | null; sandbox?: boolean };

export type PublicationPreviewProps = {
  provider: string;
  author: PreviewAuthor;
  text: string;
  media: readonly MediaFile[];
  dark?: boolean;
  mode?: PublicationMode;
  /** ISO date it is published, when known. */
  date?: string | null;
  locale: string;
  /** The number of winners, for the {WINNERS} sample. */
  nbWinners?: number;
  /** What {DRAW_LINK} becomes in the post (tokens.ts drawLinkOf); the sample link when not given. */
  drawLink?: string;
  /** What {WINNERS} becomes (the winners' handles, once drawn); sample handles when not given. */
  winners?: string;
  /** The main publication, quoted under a repost or a quote. */
  quoted?: { text: string; media: readonly MediaFile[] } | null;
  /** The URL that shows an uploaded file. */
  mediaUrl?(uuid: string): string;
};

export function defaultMediaUrl(uuid: string): string {
  return `/api/v1/upload/view/${encodeURIComponent(uuid)}`;
}

function RichText({
  text,
  nbWinners,
  drawLink,
  winners,
}: {
  text: string;
  nbWinners: number;
  drawLink?: string;
  winners?: string;
}) {
  const { t } = useLingui();
  return (
    <>
      {segmentsOf(text, nbWinners, drawLink, winners).map((s, i) => {
        const key = `${i}-${s.kind}`;
        switch (s.kind) {
          case "link":
            return (
              <a key={key} className="post-link" href={s.href} target="_blank" rel="noreferrer noopener">
                {s.text}
              </a>
            );
          case "mention":
            return (
              <span key={key} className="post-mention">
                {s.text}
              </span>
            );
          case "hashtag":
            return (
              <span key={key} className="post-hashtag">
                {s.text}
              </span>
            );
          case "token":
            return (
              <mark
                key={key}
                className={`post-token${s.link ? " post-link" : ""}`}
                title={t`Sample value of ${s.token}`}
                data-token={s.token}
              >
                {s.text}
              </mark>
            );
          default:
            return <span key={key}>{s.text}</span>;
        }
      })}
    </>
  );
}

function mediaItems(media: readonly MediaFile[], url: (uuid: string) => string, t: (n: number) => string) {
  return media.map(
    (m, i): MediaItem => ({
      url: url(m.uuid),
      type: m.mime.startsWith("video/") ? "video" : "image",
      alt: t(i + 1),
    }),
  );
}

type Counter = NonNullable<NonNullable<ProviderDefinition["ui"]["post"]>["counters"]>[number];

/** The icon each reaction of a network's bar draws (ui.post.counters names them). */
const COUNTER_ICONS: Record<Counter, LucideIcon> = {
  reply: MessageCircle,
  comment: MessageCircle,
  repost: Repeat2,
  like: Heart,
  dislike: ThumbsDown,
  view: ChartNoAxesColumn,
  bookmark: Bookmark,
  save: Bookmark,
  send: Send,
  share: Share,
};

/** The network's look as CSS custom properties: its link colour and the corners of its cards. */
function postStyle(def: ProviderDefinition | undefined): CSSProperties {
  const post = def?.ui.post;
  return {
    "--post-link": post?.link_color ?? def?.ui.color ?? "#0a71c7",
    "--post-radius": `${post?.radius ?? 16}px`,
  } as CSSProperties;
}

/** The reaction bar under a post, in the network's order; a new post has no counts yet. */
function Counters({ counters }: { counters: readonly Counter[] }) {
  if (counters.length === 0) return null;
  return (
    <ul className="post-counters" aria-hidden="true">
      {counters.map((c) => {
        const Icon = c === "like" && counters.includes("dislike") ? ThumbsUp : COUNTER_ICONS[c];
        return (
          <li key={c} data-counter={c}>
            <Icon size={17} />
          </li>
        );
      })}
    </ul>
  );
}

export function PublicationPreview(props: PublicationPreviewProps) {
  const { t } = useLingui();
  const { provider, author, mode = "post", locale, nbWinners = 1 } = props;
  const url = props.mediaUrl ?? defaultMediaUrl;
  const altOf = (n: number) => t`Media ${n}`;
  const when = props.date ? new Date(props.date) : null;
  const time =
    when && !Number.isNaN(when.getTime()) ? (
      <time dateTime={props.date ?? undefined} className="post-time">
        {new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(when)}
      </time>
    ) : null;
  const body: ReactNode =
    props.text.trim() === "" ? (
      mode === "repost" ? null : (
        <p className="post-text post-empty">
          <Trans>No text yet.</Trans>
        </p>
      )
    ) : (
      <p className="post-text">
        <RichText text={props.text} nbWinners={nbWinners} drawLink={props.drawLink} winners={props.winners} />
      </p>
    );
  const media = mediaItems(props.media, url, altOf);
  const def = providerOf(provider);
  const style = postStyle(def);
  const showHandle = showsHandle(def);

  if (mode === "message") {
    return (
      <article className={`post post-message post-${provider}`} style={style} aria-label={t`Private message`}>
        <header className="post-message-head">
          <Avatar src={author.picture} alt="" size={28} />
          <span>
            <Trans>
              From <strong>{author.name}</strong> to the winner
            </Trans>
          </span>
        </header>
        <div className="post-bubble">
          {body}
          <MediaGrid items={media} />
        </div>
      </article>
    );
  }

  return (
    <article
      className={`post post-${provider} post-mode-${mode}`}
      style={style}
      aria-label={t`Publication by ${author.name}`}
      // A network that leads with its media (Instagram) shows it square, as the network does: never cropped to a banner.
      data-media-first={def?.ui.media_first === true || undefined}
    >
      {mode === "repost" && (
        <p className="post-context">
          <Repeat2 size={14} aria-hidden="true" /> <Trans>{author.name} reposted</Trans>
        </p>
      )}
      {mode === "reply" && (
        <p className="post-context">
          <Trans>Replying to the main publication</Trans>
        </p>
      )}
      {mode === "participant_reply" && (
        <p className="post-context">
          <Trans>Replying to a participant</Trans>
        </p>
      )}
      <header className="post-head">
        <Avatar src={author.picture} alt="" size={40} />
        <span className="post-author">
          <strong className="post-name">{author.name}</strong>
          {showHandle && <span className="post-handle">@{author.screen_name}</span>}
        </span>
        {author.sandbox && (
          <span className="sandbox-badge">
            <Trans>Sandbox</Trans>
          </span>
        )}
        {time}
        <span className="post-network">
          <ProviderMark provider={provider} />
        </span>
      </header>
      {def?.ui.media_first === true ? (
        <>
          <MediaGrid items={media} />
          {body}
        </>
      ) : (
        <>
          {body}
          <MediaGrid items={media} />
        </>
      )}
      {(mode === "repost" || mode === "quote") && props.quoted && (
        <blockquote className="post-quoted">
          <p className="post-quoted-author">
            <strong>{author.name}</strong> <span className="post-handle">@{author.screen_name}</span>
          </p>
          {props.quoted.text.trim() !== "" && (
            <p className="post-text">
              <RichText
                text={props.quoted.text}
                nbWinners={nbWinners}
                drawLink={props.drawLink}
                winners={props.winners}
              />
            </p>
          )}
          <MediaGrid items={mediaItems(props.quoted.media, url, altOf)} />
        </blockquote>
      )}
      {props.dark && (
        <p className="post-dark">
          <Megaphone size={14} aria-hidden="true" />{" "}
          <Trans>Dark post: shown only as an ad, not on the profile</Trans>
        </p>
      )}
      <Counters counters={def?.ui.post?.counters ?? []} />
    </article>
  );
}
