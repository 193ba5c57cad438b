/**
 * What a contest publishes and sends (the publications table), whatever the driver: each publication is written
 * once under its key (contest, source, kind, key) before the driver is asked, and marked published with the
 * network's post id after. A job run again (a restart) finds the row: published, it is answered as it is; still
 * "publishing" (the process stopped while the driver was asked), the driver is asked again with the same key,
 * which it answers with the same post (drivers are idempotent by key), so nothing is published twice.
 *
 * A private message the recipient refuses (MessageRefused) is marked "refused" and never sent again.
 *
 * Tokens of the builder's texts (contest-builder.md §5, the weighted_length rule):
 * - {SEED}: the draw's seed commitment, shortened to its first 16 hex characters (the length the weighted-length
 *   rule counts for it; the full commitment is on the public verify page, which shows it starts with these);
 * - {DRAW_LINK}: the public verify page of the contest (PUBLIC_URL/verify/{contest id});
 * - {NAME}: the winner's name (private messages);
 * - {WINNERS}: the winners' handles, comma-separated (winners publication; not a builder token yet).
 * Number tokens ({1}, ...) are left as they are: nothing in the spec says what they stand for.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { publications } from "../db/schema";
import { MessageRefused } from "../drivers/errors";
import type { NetworkDriver, PublicationKey, PublicationMode, StoredAccount } from "../drivers/types";
import { newId } from "../ids";

export type PublicationRow = typeof publications.$inferSelect;

/** How many characters of the seed commitment {SEED} becomes. */
export const SEED_TOKEN_LENGTH = 16;

export type TokenValues = {
  seedCommitment?: string;
  drawLink?: string;
  name?: string;
  winners?: string;
};

export function fillTokens(text: string, values: TokenValues): string {
  let out = text;
  if (values.seedCommitment !== undefined) {
    out = out.replace(/\{SEED\}/g, values.seedCommitment.slice(0, SEED_TOKEN_LENGTH));
  }
  if (values.drawLink !== undefined) out = out.replace(/\{DRAW_LINK\}/g, values.drawLink);
  if (values.name !== undefined) out = out.replace(/\{NAME\}/g, values.name);
  if (values.winners !== undefined) out = out.replace(/\{WINNERS\}/g, values.winners);
  return out;
}

/** The public verify page of a contest ({DRAW_LINK}). */
export function verifyUrl(publicUrl: string, contestId: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/verify/${contestId}`;
}

export type PublishOnce = PublicationKey & {
  provider: string;
  mode: PublicationMode;
  account: StoredAccount;
  text: string;
  media: string[];
  dark: boolean;
  /** The post answered or reposted (reply modes). */
  inReplyTo?: string | null;
  /** A private message's recipient. */
  recipient?: { external_id: string; screen_name: string; id: string } | null;
  /** Called once, when the recipient refuses the private message (MessageRefused). */
  onRefused?: () => void;
};

/**
 * A close publishes a reply to each of tens of thousands of entries: the two statements run for each are prepared
 * once per database (drizzle's building of them cost more than SQLite's running them).
 */
function prepareStatements(db: Pick<Db, "select" | "update" | "insert">) {
  const value = (name: string) => sql`${sql.placeholder(name)}`;
  return {
    // media is a JSON column: its placeholder takes the JSON text drizzle would have written.
    record: db
      .insert(publications)
      .values({
        id: value("id"),
        contestId: value("contestId"),
        sourceId: value("sourceId"),
        provider: value("provider"),
        kind: value("kind"),
        key: value("key"),
        text: value("text"),
        media: value("media"),
        mode: value("mode"),
        inReplyTo: value("inReplyTo"),
        recipient: value("recipient"),
        status: "publishing",
        createdAt: value("createdAt"),
      })
      .onConflictDoNothing()
      .prepare(),
    existing: db
      .select()
      .from(publications)
      .where(
        and(
          eq(publications.contestId, sql.placeholder("contestId")),
          eq(publications.sourceId, sql.placeholder("sourceId")),
          eq(publications.kind, sql.placeholder("kind")),
          eq(publications.key, sql.placeholder("key")),
        ),
      )
      .prepare(),
    published: db
      .update(publications)
      .set({
        status: "published",
        externalPostId: sql`${sql.placeholder("externalId")}`,
        publishedAt: sql`${sql.placeholder("at")}`,
      })
      .where(eq(publications.id, sql.placeholder("id")))
      .prepare(),
  };
}
const prepared = new WeakMap<object, ReturnType<typeof prepareStatements>>();
function statements(db: Pick<Db, "select" | "update" | "insert">) {
  let found = prepared.get(db);
  if (!found) {
    found = prepareStatements(db);
    prepared.set(db, found);
  }
  return found;
}

function existing(
  db: Pick<Db, "select" | "update" | "insert">,
  key: PublicationKey,
): PublicationRow | undefined {
  return statements(db).existing.get({
    contestId: key.contest_id,
    sourceId: key.source_id,
    kind: key.kind,
    key: key.key,
  });
}

/** Publishes (or sends) once per key; answers the publication row, published. */
export async function publishOnce(
  deps: { db: Db; clock: Clock },
  driver: NetworkDriver,
  p: PublishOnce,
): Promise<PublicationRow> {
  const { db, clock } = deps;
  const before = existing(db, p);
  if (before?.status === "published" || before?.status === "refused") return before;
  if (!before) {
    statements(db).record.run({
      id: newId(),
      contestId: p.contest_id,
      sourceId: p.source_id,
      provider: p.provider,
      kind: p.kind,
      key: p.key,
      text: p.text,
      media: JSON.stringify(p.media),
      mode: p.mode,
      inReplyTo: p.inReplyTo ?? null,
      recipient: p.recipient?.id ?? null,
      createdAt: clock().toISOString(),
    });
  }
  // What was recorded first is what goes out (a re-run never changes a publication's text).
  const row = existing(db, p);
  if (!row) throw new Error("publication row missing after insert");
  if (row.status === "published") return row;
  const key: PublicationKey = { contest_id: p.contest_id, source_id: p.source_id, kind: p.kind, key: p.key };
  let externalId: string;
  if (p.mode === "message") {
    if (!p.recipient) throw new Error("a private message needs a recipient");
    try {
      const sent = await driver.sendPrivateMessage({
        ...key,
        account: p.account,
        recipient: { external_id: p.recipient.external_id, screen_name: p.recipient.screen_name },
        text: row.text,
        media: row.media,
      });
      externalId = sent.external_message_id;
    } catch (err) {
      if (!(err instanceof MessageRefused)) throw err;
      // The recipient does not take messages from this account: recorded (and shown), never tried again.
      db.update(publications).set({ status: "refused" }).where(eq(publications.id, row.id)).run();
      p.onRefused?.();
      return { ...row, status: "refused" };
    }
  } else if (p.mode === "post") {
    const sent = await driver.publish({
      ...key,
      account: p.account,
      text: row.text,
      media: row.media,
      dark: p.dark,
    });
    externalId = sent.external_post_id;
  } else {
    if (!p.inReplyTo) throw new Error(`a ${p.mode} needs the post it answers`);
    const sent = await driver.reply({
      ...key,
      account: p.account,
      text: row.text,
      media: row.media,
      dark: p.dark,
      mode: p.mode,
      in_reply_to: p.inReplyTo,
    });
    externalId = sent.external_post_id;
  }
  const at = clock().toISOString();
  statements(db).published.run({ externalId, at, id: row.id });
  return { ...row, status: "published", externalPostId: externalId, publishedAt: at };
}

/** A contest's publications in the order they were made. */
export function contestPublications(db: Pick<Db, "select">, contestId: string): PublicationRow[] {
  return db
    .select()
    .from(publications)
    .where(eq(publications.contestId, contestId))
    .orderBy(publications.createdAt, publications.id)
    .all();
}

export function publicationShape(row: PublicationRow) {
  return {
    _id: row.id,
    source_id: row.sourceId,
    provider: row.provider,
    kind: row.kind,
    key: row.key,
    mode: row.mode,
    text: row.text,
    media: row.media,
    in_reply_to: row.inReplyTo,
    recipient: row.recipient,
    external_post_id: row.externalPostId,
    status: row.status,
    published_at: row.publishedAt,
  };
}
