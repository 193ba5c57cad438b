/**
 * What a contest publishes and sends (the publications table), whatever the driver: each publication is written
 * once under its key (contest, source, kind, key) before the driver is asked, and marked published with the
 * network's post id after. A job run again (a restart) finds the row: published, it is answered as it is; still
 * "publishing" (the process stopped while the driver was asked), the driver is asked again with the same key,
 * which it answers with the same post (drivers are idempotent by key), so nothing is published twice.
 *
 * A private message the recipient refuses (MessageRefused), or a post the network refuses for good (PostRefused:
 * X's duplicate content), is marked "refused" with the network's reason and never sent again.
 *
 * Tokens of the builder's texts (contest-builder.md §5, the weighted_length rule):
 * - {SEED}: the draw's seed commitment, shortened to its first 16 hex characters (the length the weighted-length
 *   rule counts for it; the full commitment is on the public verify page, which shows it starts with these);
 * - {DRAW_LINK}: the public verify page of the contest (PUBLIC_URL/verify/{contest id});
 * - {NAME}: the winner's name (private messages);
 * - {WINNERS}: the winners' handles, comma-separated (winners publication; not a builder token yet).
 * Number tokens ({1}, ...) are left as they are: nothing in the spec says what they stand for.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Clock } from "../clock";
import { type Db, dialectOf } from "../db/client";
import { insertMany } from "../db/insert-many";
import { publications } from "../db/tables";
import { transaction } from "../db/transaction";
import { MessageRefused, PostRefused } from "../drivers/errors";
import type {
  NetworkDriver,
  PublicationKey,
  PublicationMode,
  ReplyRequest,
  StoredAccount,
} from "../drivers/types";
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
  onRefused?: () => unknown;
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
      .prepare("publications_record"),
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
      .prepare("publications_existing"),
    published: db
      .update(publications)
      .set({
        status: "published",
        externalPostId: sql`${sql.placeholder("externalId")}`,
        publishedAt: sql`${sql.placeholder("at")}`,
      })
      .where(eq(publications.id, sql.placeholder("id")))
      .prepare("publications_published"),
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

async function existing(
  db: Pick<Db, "select" | "update" | "insert">,
  key: PublicationKey,
): Promise<PublicationRow | undefined> {
  const rows = await statements(db).existing.execute({
    contestId: key.contest_id,
    sourceId: key.source_id,
    kind: key.kind,
    key: key.key,
  });
  return rows[0];
}

/** The row a publication is recorded as, "publishing", before the driver is asked (publishOnce, publishReplies). */
function recordOf(p: PublishOnce, createdAt: string) {
  return {
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
    createdAt,
  };
}

/** Marks a publication refused for good, with the network's reason (MessageRefused, PostRefused). */
async function refused(
  db: Pick<Db, "update">,
  row: PublicationRow,
  err: MessageRefused | PostRefused,
): Promise<PublicationRow> {
  await db
    .update(publications)
    .set({ status: "refused", refusal: err.message })
    .where(eq(publications.id, row.id));
  return { ...row, status: "refused", refusal: err.message };
}

/** Publishes (or sends) once per key; answers the publication row, published or refused. */
export async function publishOnce(
  deps: { db: Db; clock: Clock },
  driver: NetworkDriver,
  p: PublishOnce,
): Promise<PublicationRow> {
  const { db, clock } = deps;
  const before = await existing(db, p);
  if (before?.status === "published" || before?.status === "refused") return before;
  if (!before) {
    await statements(db).record.execute(recordOf(p, clock().toISOString()));
  }
  // What was recorded first is what goes out (a re-run never changes a publication's text).
  const row = await existing(db, p);
  if (!row) throw new Error("publication row missing after insert");
  if (row.status === "published") return row;
  const key: PublicationKey = {
    contest_id: p.contest_id,
    source_id: p.source_id,
    kind: p.kind,
    key: p.key,
    recorded_at: row.createdAt,
  };
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
      const done = await refused(db, row, err);
      await p.onRefused?.();
      return done;
    }
  } else {
    const inReplyTo = p.inReplyTo;
    if (p.mode !== "post" && !inReplyTo) throw new Error(`a ${p.mode} needs the post it answers`);
    try {
      const request = { ...key, account: p.account, text: row.text, media: row.media, dark: p.dark };
      const sent =
        p.mode === "post" || !inReplyTo
          ? await driver.publish(request)
          : await driver.reply({ ...request, mode: p.mode, in_reply_to: inReplyTo });
      externalId = sent.external_post_id;
    } catch (err) {
      if (!(err instanceof PostRefused)) throw err;
      return await refused(db, row, err);
    }
  }
  const at = clock().toISOString();
  await statements(db).published.execute({ externalId, at, id: row.id });
  return { ...row, status: "published", externalPostId: externalId, publishedAt: at };
}

/** How many keys one read of publishReplies' rows names (SQLite takes 32 766 parameters a statement). */
const KEYS_PER_READ = 1_000;

/** How many replies of a batch go to the driver between two commits of their published state. */
export const PUBLISH_BATCH = 1_000;

const keyOf = (p: { source_id: string; kind: string; key: string }) =>
  `${p.source_id}\u0000${p.kind}\u0000${p.key}`;
const rowKey = (r: PublicationRow) => `${r.sourceId}\u0000${r.kind}\u0000${r.key}`;

/**
 * publishOnce for many replies of one contest (the winning moments' won and lost replies at the close), with the
 * same keys and the same guarantees, at a cost that does not grow with a commit per reply:
 * - the rows not recorded yet are recorded, "publishing", in one transaction before any reaches the driver;
 * - the rows still publishing go to the driver PUBLISH_BATCH at a time (one call when the driver answers a batch,
 *   `replyMany`; else one reply after the other, as publishOnce does), and each batch is marked published in one
 *   transaction once the driver has answered it. A run stopped half-way leaves rows publishing, which a run again
 *   asks again under the same keys (drivers are idempotent by key); a published row is never asked again.
 * Answers how many of `items` are published (those already published before included).
 */
export async function publishReplies(
  deps: { db: Db; clock: Clock },
  driver: NetworkDriver,
  items: readonly (PublishOnce & { mode: Exclude<PublicationMode, "post" | "message"> })[],
): Promise<number> {
  const { db, clock } = deps;
  const contestId = items[0]?.contest_id;
  if (contestId === undefined) return 0;
  if (items.some((p) => p.contest_id !== contestId))
    throw new Error("publishReplies takes one contest's replies");
  const stmts = statements(db);
  // The rows of these items only, KEYS_PER_READ keys a query: a contest's other replies (another job's share of
  // a big close) are not read again with each batch.
  // Grouped by source and kind, so each read runs on the unique index (contest, source, kind, key).
  const groups = new Map<string, { sourceId: string; kind: string; keys: string[] }>();
  for (const p of items) {
    const group = `${p.source_id}\u0000${p.kind}`;
    const found = groups.get(group);
    if (found) found.keys.push(p.key);
    else groups.set(group, { sourceId: p.source_id, kind: p.kind, keys: [p.key] });
  }
  const rowsOf = async () => {
    const found = new Map<string, PublicationRow>();
    for (const { sourceId, kind, keys } of groups.values()) {
      for (let i = 0; i < keys.length; i += KEYS_PER_READ) {
        const rows = await db
          .select()
          .from(publications)
          .where(
            and(
              eq(publications.contestId, contestId),
              eq(publications.sourceId, sourceId),
              eq(publications.kind, kind),
              inArray(publications.key, keys.slice(i, i + KEYS_PER_READ)),
            ),
          );
        for (const r of rows) found.set(rowKey(r), r);
      }
    }
    return found;
  };
  let rows = await rowsOf();
  const missing = items.filter((p) => !rows.has(keyOf(p)));
  if (missing.length > 0) {
    const createdAt = clock().toISOString();
    await transaction(db, async (tx) => {
      await insertMany(
        tx,
        publications,
        missing.map((p) => ({ ...recordOf(p, createdAt), media: p.media, status: "publishing" })),
        { onConflictDoNothing: true },
      );
    });
    rows = await rowsOf();
  }
  // What was recorded first is what goes out (a re-run never changes a publication's text).
  const due: { p: (typeof items)[number]; row: PublicationRow }[] = [];
  let published = 0;
  for (const p of items) {
    const row = rows.get(keyOf(p));
    if (!row) throw new Error("publication row missing after insert");
    if (row.status === "published") published++;
    else if (row.status === "publishing") due.push({ p, row });
  }
  for (let i = 0; i < due.length; i += PUBLISH_BATCH) {
    const batch = due.slice(i, i + PUBLISH_BATCH);
    const requests = batch.map(({ p, row }): ReplyRequest => {
      if (!p.inReplyTo) throw new Error(`a ${p.mode} needs the post it answers`);
      return {
        contest_id: contestId,
        source_id: p.source_id,
        kind: p.kind,
        key: p.key,
        recorded_at: row.createdAt,
        account: p.account,
        text: row.text,
        media: row.media,
        dark: p.dark,
        mode: p.mode,
        in_reply_to: p.inReplyTo,
      };
    });
    const answered: string[] = [];
    let failure: unknown = null;
    if (driver.replyMany) {
      answered.push(...(await driver.replyMany(requests)).map((a) => a.external_post_id));
    } else {
      // A real network: one call a reply; what it answered before a failure is kept.
      for (const [k, request] of requests.entries()) {
        try {
          answered.push((await driver.reply(request)).external_post_id);
        } catch (err) {
          const row = batch[k]?.row;
          // Refused for good (two entrants of one name, X's duplicate content): recorded, the others go on.
          if (err instanceof PostRefused && row) {
            await refused(db, row, err);
            answered.push("");
            continue;
          }
          failure = err;
          break;
        }
      }
    }
    const at = clock().toISOString();
    await transaction(db, async (tx) => {
      // "" marks a reply refused (recorded already): not published.
      const done = answered.flatMap((externalId, k) => {
        const row = batch[k]?.row;
        return row && externalId ? [{ id: row.id, externalId }] : [];
      });
      if (done.length === 0) return;
      if (dialectOf(tx) === "postgresql") {
        // One statement for the batch: a round trip a row to the server cost more than the rest of the job.
        const values = sql.join(
          done.map((d) => sql`(${d.id}, ${d.externalId})`),
          sql`, `,
        );
        await tx.execute(
          sql`UPDATE publications SET status = 'published', external_post_id = v.external_id, published_at = ${at}
              FROM (VALUES ${values}) AS v(id, external_id) WHERE publications.id = v.id`,
        );
      } else {
        for (const d of done) await stmts.published.execute({ externalId: d.externalId, at, id: d.id });
      }
    });
    published += answered.filter((id) => id !== "").length;
    if (failure !== null) throw failure;
  }
  return published;
}

/** A contest's publications in the order they were made. */
export async function contestPublications(
  db: Pick<Db, "select">,
  contestId: string,
): Promise<PublicationRow[]> {
  return await db
    .select()
    .from(publications)
    .where(eq(publications.contestId, contestId))
    .orderBy(publications.createdAt, publications.id);
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
    refusal: row.refusal,
    published_at: row.publishedAt,
  };
}
