/**
 * What a source will publish and send (contest-builder.md §2 "The preview has tabs for…"), in the order the tabs
 * show them: the main publication, each reminder, the twitter winning-moment replies (won, lost), the remind-to-follow
 * replies, the closing publication, the winners publication and the private message to winners. Options that are
 * off publish nothing and have no tab.
 */
import type { MediaFile } from "../../../../codegen/types";

export type PublicationKind =
  | "main"
  | "reminder"
  | "won"
  | "lost"
  | "remind_to_follow"
  | "closing"
  | "winners"
  | "message";

/**
 * How it appears on the network: a post of its own, a reply (to the main publication or to a participant), a
 * repost of the main publication (with text: a quote/share), or a private message.
 */
export type PublicationMode = "post" | "reply" | "participant_reply" | "repost" | "quote" | "message";

export type PreviewPublication = {
  key: string;
  kind: PublicationKind;
  /** Position among its kind (reminders, remind-to-follow messages), from 1. */
  index: number;
  /** How many of its kind there are (to number them only when there are several). */
  of: number;
  text: string;
  media: MediaFile[];
  dark: boolean;
  mode: PublicationMode;
  /** When it is published, when known (ISO). */
  date: string | null;
};

type Obj = Record<string, unknown>;

const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const text = (v: unknown): string => (typeof v === "string" ? v : "");
const date = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
const files = (media: unknown): MediaFile[] => list(obj(media).files) as MediaFile[];

/** A reminder or a follow-up by its type: a reply/comment on the main post, a repost (quote when it has text). */
function modeOfType(type: unknown, content: string): PublicationMode {
  if (type === "reply" || type === "comment") return "reply";
  if (type === "quote") return "quote";
  if (type === "retweet" || type === "repost") return content.trim() === "" ? "repost" : "quote";
  return "post";
}

export function publicationsOf(sourceValue: unknown, baseValue: unknown): PreviewPublication[] {
  const source = obj(sourceValue);
  const base = obj(baseValue);
  const out: PreviewPublication[] = [];
  const publication = obj(source.publication);
  out.push({
    key: "main",
    kind: "main",
    index: 1,
    of: 1,
    text: text(publication.content),
    media: files(publication.media),
    dark: publication.dark === true,
    mode: "post",
    date: date(base.start_date),
  });

  const reminders = obj(source.reminders);
  if (reminders.enabled === true) {
    const items = list(reminders.list).map(obj);
    items.forEach((r, i) => {
      const content = text(r.content);
      const mode = modeOfType(r.type, content);
      out.push({
        key: `reminder-${typeof r.id === "string" ? r.id : i}`,
        kind: "reminder",
        index: i + 1,
        of: items.length,
        text: mode === "repost" ? "" : content,
        media: mode === "repost" ? [] : files(r.media),
        dark: r.dark === true && mode !== "repost",
        mode,
        date: date(r.creation_date),
      });
    });
  }

  const moments = obj(source.winning_moments);
  if (moments.enabled === true) {
    for (const kind of ["won", "lost"] as const) {
      const p = obj(moments[`${kind}_publication`]);
      out.push({
        key: kind,
        kind,
        index: 1,
        of: 1,
        text: text(p.content),
        media: files(p.media),
        dark: p.dark === true,
        mode: "participant_reply",
        date: null,
      });
    }
  }

  const remind = obj(source.remind_to_follow);
  if (remind.enabled === true) {
    const items = list(remind.list).map(obj);
    items.forEach((m, i) => {
      out.push({
        key: `remind-${typeof m.id === "string" ? m.id : i}`,
        kind: "remind_to_follow",
        index: i + 1,
        of: items.length,
        text: text(m.content),
        media: files(m.media),
        dark: m.dark === true,
        mode: "participant_reply",
        date: null,
      });
    });
  }

  const autodraw = obj(base.autodraw);
  const followUps = [
    ["closing", source.closing_publication, date(base.close_date)],
    ["winners", source.winners_publication, autodraw.enabled === true ? date(autodraw.date) : null],
  ] as const;
  for (const [kind, value, when] of followUps) {
    const p = obj(value);
    if (p.enabled !== true) continue;
    const content = text(p.content);
    out.push({
      key: kind,
      kind,
      index: 1,
      of: 1,
      text: content,
      media: files(p.media),
      dark: p.dark === true,
      mode: modeOfType(p.type, content),
      date: when,
    });
  }

  const message = obj(source.winners_private_message);
  if (message.enabled === true) {
    out.push({
      key: "message",
      kind: "message",
      index: 1,
      of: 1,
      text: text(message.content),
      media: files(message.media),
      dark: false,
      mode: "message",
      date: null,
    });
  }
  return out;
}

/**
 * The publication a field of the source belongs to ("reminders.list.2.content" → the third reminder), for the live
 * preview to follow what the person edits; the main publication for any other field.
 */
export function publicationAt(
  publications: readonly PreviewPublication[],
  sourceValue: unknown,
  relative: string,
): PreviewPublication | undefined {
  const parts = relative.split(".");
  const [head, second, third] = parts;
  const itemKey = (listOwner: "reminders" | "remind_to_follow", prefix: string) => {
    const at = Number(third);
    const item = obj(list(obj(obj(sourceValue)[listOwner]).list)[at]);
    return `${prefix}-${typeof item.id === "string" ? item.id : at}`;
  };
  let key = "main";
  if (head === "reminders" && second === "list" && third !== undefined)
    key = itemKey("reminders", "reminder");
  else if (head === "remind_to_follow" && second === "list" && third !== undefined)
    key = itemKey("remind_to_follow", "remind");
  else if (head === "winning_moments" && second === "won_publication") key = "won";
  else if (head === "winning_moments" && second === "lost_publication") key = "lost";
  else if (head === "closing_publication") key = "closing";
  else if (head === "winners_publication") key = "winners";
  else if (head === "winners_private_message") key = "message";
  return publications.find((p) => p.key === key) ?? publications[0];
}
