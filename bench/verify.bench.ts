/**
 * The public verify API (api/routes/verify.ts, verify-pages.ts) for a closed twitter contest with winning moments,
 * as its entrants grow: GET /api/v1/verify/{id} (the entries list's first page) and a page of the list at 5 k and
 * 50 k entrants, beside two peers measured in the same run: GET /verify of a closed contest without moments (the
 * route's fixed cost: the contest, its commitment, no list) and JSON-serialising the whole entries list of the same
 * size (what one answer of it, as before the pages, cost at the least). The contests
 * are built through the real services: the builder's create call, the sandbox's rehearsal size
 * (meta.sandbox_entrants, capped by TUNNEL_LOAD_MAX) and scheduler ticks that start and close them (the close loads
 * the entries and resolves the moments, keeping the list they were resolved over). Anonymous requests, in-process
 * (`app.request()`), each answer read to its last byte. Every loop is bounded in count and in time.
 */
import { eq } from "drizzle-orm";
import { contests } from "../api/db/tables";
import { momentReplyEntrants, readEntries, TUNNEL_LOAD_MAX } from "../api/services/entrants";
import { VERIFY_PAGE_SIZE } from "../engine/lifecycle";
import {
  buildWorld,
  contestRow,
  createContest,
  DAY,
  HOUR,
  iso,
  publicationsOf,
  T0,
  twitterForm,
  type World,
  withMoments,
} from "../tests/api/lifecycle/helpers";
import { type AsyncCase, type AsyncOptions, formatNs, type Measured, measureAsync } from "./harness";

const SIZES = [5_000, 50_000] as const;
/** Winning moments of each contest (one per winner), all inside the entry window: every one is won. */
const MOMENTS = 5;
/**
 * 9 interleaved rounds per case, each about 200 ms of back-to-back calls: at least 3, at most 2,000, never past
 * 3 s.
 */
const BOUNDS: AsyncOptions = {
  rounds: 9,
  roundMs: 200,
  minPerRound: 3,
  maxPerRound: 2_000,
  calibrationCalls: 5,
  maxRoundMs: 3_000,
};

type Entry = { id: string; at: string };
type VerifyAnswer = {
  status: string;
  winning_moments: {
    source_id: string;
    entries: Entry[] | null;
    entries_count: number | null;
    entries_pages: number | null;
    results: { winner: string | null }[] | null;
  }[];
};

/**
 * A planned twitter contest whose close will load `entrants` sandbox entrants, with winning moments or without,
 * starting `offset` × 4 days after the first: each runs and closes alone (a contest's loads while it runs would
 * otherwise fall in another's close tick and be counted in it).
 */
async function plannedContest(w: World, name: string, entrants: number, moments: boolean, offset: number) {
  const form = twitterForm(w.t, T0 + offset * 4 * DAY, { autodraw: false, nbWinners: MOMENTS, name });
  // The sandbox's entrants enter over the contest's first 70 hours: a moment every 10 hours from the start is won.
  const dates = Array.from({ length: MOMENTS }, (_, i) => iso(form.startAt + (i + 1) * 10 * HOUR));
  const id = await createContest(w, moments ? withMoments(form, dates) : form);
  const row = await contestRow(w, id);
  await w.t.db
    .update(contests)
    .set({ meta: { ...(row.meta ?? {}), sandbox_entrants: entrants } })
    .where(eq(contests.id, id));
  return { id, form };
}

/** An anonymous GET under /verify, its answer read to the end; fails the bench rather than measuring an error. */
async function verify(w: World, path: string, headers: Record<string, string> = {}): Promise<ArrayBuffer> {
  const res = await w.t.app.request(`/api/v1/verify/${path}`, { headers });
  const body = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET /verify/${path} answered ${res.status}`);
  return body;
}

/**
 * What one size's contest published (its entries list's length, the answer's and the list's size in bytes), and how
 * long the scheduler tick that closed it took.
 */
type Facts = {
  listed: number;
  pages: number;
  answerBytes: number;
  answerBrotli: number;
  pageBytes: number;
  pageBrotli: number;
  listBytes: number;
  closeMs: Took;
  /** The tick after the close: its won and lost replies sent. */
  repliesMs: Took;
  /** Replies published (one per listed entry). */
  replies: number;
};

/** How long something took on the clock and in this process's CPU time (user + system), in ms. */
type Took = { wall: number; cpu: number };
const NO_TIME: Took = { wall: Number.NaN, cpu: Number.NaN };

async function took(work: () => Promise<unknown>): Promise<Took> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  await work();
  const used = process.cpuUsage(cpu);
  return { wall: Number(process.hrtime.bigint() - start) / 1e6, cpu: (used.user + used.system) / 1e3 };
}

const label = (n: number) => `${n / 1_000} k`;
const kb = (bytes: number) =>
  bytes >= 1e6 ? `${(bytes / 1e6).toFixed(2)} MB` : `${(bytes / 1e3).toFixed(1)} KB`;

export async function run(): Promise<string> {
  if (SIZES.some((n) => n > TUNNEL_LOAD_MAX)) throw new Error("a size passes TUNNEL_LOAD_MAX");
  const w = await buildWorld();
  try {
    const big = SIZES[SIZES.length - 1] ?? 0;
    const plain = await plannedContest(w, "Without moments", big, false, 0);
    const withList = new Map<number, Awaited<ReturnType<typeof plannedContest>>>();
    for (const [i, n] of SIZES.entries())
      withList.set(n, await plannedContest(w, `Moments ${label(n)}`, n, true, i + 1));
    const built = [plain, ...withList.values()];
    // The scheduler starts each, then closes it (entries loaded and written, moments resolved, their replies
    // scheduled), then the next tick at the same instant sends the won and lost replies (the moment_replies jobs
    // the close scheduled): how long each took is reported beside the figures (setup, not measured in rounds),
    // on the clock and in CPU time (user + system of this process: on a machine shared with other work, the
    // clock counts the others' turns too).
    const closeMs = new Map<string, Took>();
    const repliesMs = new Map<string, Took>();
    for (const c of built) {
      await w.tickAt(c.form.startAt);
      closeMs.set(c.id, await took(() => w.tickAt(c.form.closeAt)));
      repliesMs.set(
        c.id,
        await took(async () => {
          const runs = (await w.tickAt(c.form.closeAt)).runs.filter((r) => r.kind === "moment_replies");
          if (runs.some((r) => r.outcome !== "done")) throw new Error("a moment_replies job did not finish");
        }),
      );
    }

    // Peer of the closes, in the same run: reading the 50 k contest's entries again as its close read them (the
    // sandbox network making its synthetic entrants, then the filters), nothing written: what a close cannot avoid.
    const plainRow = await contestRow(w, plain.id);
    let reread: Awaited<ReturnType<typeof readEntries>> | undefined;
    const readMs = await took(async () => {
      reread = await readEntries(w.t.deps, plainRow, {
        limit: TUNNEL_LOAD_MAX,
        now: new Date(plain.form.closeAt),
      });
    });
    if (reread?.entrants.length !== big) throw new Error("the entries read again are not the close's");

    const plainBody = await verify(w, plain.id);
    const plainAnswer = JSON.parse(new TextDecoder().decode(plainBody)) as VerifyAnswer;
    if (plainAnswer.status !== "closed" || plainAnswer.winning_moments.length !== 0)
      throw new Error(`the contest without moments is ${plainAnswer.status}, with moments`);
    if ((await contestRow(w, plain.id)).entriesCount !== big)
      throw new Error("the contest without moments is not full");

    const cases: AsyncCase[] = [
      {
        name: `peer: GET /verify, closed contest without moments (${label(big)} entrants)`,
        fn: () => verify(w, plain.id),
      },
    ];
    const br = { "accept-encoding": "br" };
    const facts = new Map<number, Facts>();
    for (const n of SIZES) {
      const id = withList.get(n)?.id ?? "";
      const body = await verify(w, id);
      const answer = JSON.parse(new TextDecoder().decode(body)) as VerifyAnswer;
      const moments = answer.winning_moments[0];
      const first = moments?.entries;
      const pages = moments?.entries_pages ?? 0;
      if (answer.status !== "closed" || !first || (await contestRow(w, id)).entriesCount !== n)
        throw new Error(`the ${label(n)} contest is ${answer.status}, its moments not revealed or not full`);
      const won = (moments?.results ?? []).filter((r) => r.winner !== null).length;
      if (won !== MOMENTS) throw new Error(`${won} of the ${label(n)} contest's ${MOMENTS} moments were won`);
      // The whole list, as the page puts it together: the first page, then the others.
      const pagePath = (k: number) => `${id}/moments/${moments?.source_id}/entries/${k}`;
      const entries = [...first];
      for (let k = 2; k <= pages; k++) {
        const page = JSON.parse(new TextDecoder().decode(await verify(w, pagePath(k)))) as { items: Entry[] };
        entries.push(...page.items);
      }
      if (entries.length !== moments?.entries_count) throw new Error("the pages are not the whole list");
      const last = await verify(w, pagePath(pages));
      facts.set(n, {
        listed: entries.length,
        pages,
        answerBytes: body.byteLength,
        answerBrotli: (await verify(w, id, br)).byteLength,
        pageBytes: last.byteLength,
        pageBrotli: (await verify(w, pagePath(pages), br)).byteLength,
        listBytes: Buffer.byteLength(JSON.stringify(entries)),
        closeMs: closeMs.get(id) ?? NO_TIME,
        repliesMs: repliesMs.get(id) ?? NO_TIME,
        replies: (await publicationsOf(w, id)).filter(
          (p) => p.kind.startsWith("winning_moment_") && p.status === "published",
        ).length,
      });
      const winners = (moments?.results ?? []).flatMap((r) => (r.winner ? [r.winner] : []));
      const accounts = new Set((await momentReplyEntrants(w.t.db, id, winners)).map((e) => e.id));
      if (facts.get(n)?.replies !== accounts.size)
        throw new Error("not every listed entry was answered once");
      cases.push(
        { name: "GET /verify (the list's first page, size, hash)", fn: () => verify(w, id) },
        { name: "GET …/entries/{page}, the list's last page", fn: () => verify(w, pagePath(pages)) },
        {
          name: "peer: JSON.stringify of the whole list (what one answer of it cost at least)",
          fn: async () => JSON.stringify(entries),
        },
      );
    }
    const results = await measureAsync(cases, BOUNDS);
    return report(results, facts, {
      bytes: plainBody.byteLength,
      closeMs: closeMs.get(plain.id) ?? NO_TIME,
      readMs,
      entrants: big,
    });
  } finally {
    w.t.cleanup();
  }
}

function report(
  results: Measured[],
  facts: Map<number, Facts>,
  peer: { bytes: number; closeMs: Took; readMs: Took; entrants: number },
): string {
  const big = peer.entrants;
  const plain = results[0]?.medianNs ?? Number.NaN;
  // Per size, three cases after the peer: GET /verify, a page, the whole list serialised.
  const at = (size: number, k: 0 | 1 | 2) =>
    results[1 + SIZES.indexOf(size as (typeof SIZES)[number]) * 3 + k];
  const ns = (size: number, k: 0 | 1 | 2) => at(size, k)?.medianNs ?? Number.NaN;
  const lines = [
    "| case | entrants | entries listed (pages) | median per call | bytes | brotli | ratio to verify without moments |",
    "|---|---:|---:|---:|---:|---:|---:|",
    `| ${results[0]?.name} | ${label(big)} | — | ${formatNs(plain)} | ${kb(peer.bytes)} | — | 1.00× |`,
  ];
  for (const n of SIZES) {
    const f = facts.get(n);
    const bytes = [f?.answerBytes ?? 0, f?.pageBytes ?? 0, f?.listBytes ?? 0];
    const brotli = [kb(f?.answerBrotli ?? 0), kb(f?.pageBrotli ?? 0), "—"];
    for (const k of [0, 1, 2] as const) {
      lines.push(
        `| ${at(n, k)?.name} | ${label(n)} | ${(f?.listed ?? 0).toLocaleString("en")} (${f?.pages}) | ${formatNs(ns(n, k))} | ${kb(bytes[k] ?? 0)} | ${brotli[k]} | ${(ns(n, k) / plain).toFixed(1)}× |`,
      );
    }
  }
  const [small = 0, large = 0] = SIZES;
  const growth = (k: 0 | 1 | 2) => (ns(large, k) / ns(small, k)).toFixed(1);
  const listGrowth = ((facts.get(large)?.listed ?? 0) / (facts.get(small)?.listed ?? 1)).toFixed(1);
  const fl = facts.get(large);
  const secs = (t: Took) => `${(t.wall / 1_000).toFixed(1)} s (CPU ${(t.cpu / 1_000).toFixed(1)} s)`;
  const add = (a: Took, b: Took): Took => ({ wall: a.wall + b.wall, cpu: a.cpu + b.cpu });
  const closeOf = (n: number) => facts.get(n)?.closeMs ?? NO_TIME;
  const repliesOf = (n: number) => facts.get(n)?.repliesMs ?? NO_TIME;
  const ratio = (a: Took, b: Took) => `${(a.wall / b.wall).toFixed(2)}× (CPU ${(a.cpu / b.cpu).toFixed(2)}×)`;
  return [
    "## Public verify API (bench/verify.bench.ts)",
    "",
    `Anonymous GET /api/v1/verify/{id} and its list pages (api/routes/verify-pages.ts, ${VERIFY_PAGE_SIZE.toLocaleString("en")} entries a page), in-process (\`app.request()\`, each answer read to its last byte), of closed twitter contests built through the builder's create call and closed by the scheduler with ${label(small)} and ${label(large)} sandbox entrants and ${MOMENTS} winning moments, all won. GET /verify carries the first page of the moments' entries list (the source's valid entries, kept when the close resolved the moments) with its size, page count and hash; the page route the others. Beside them, measured in the same run: GET /verify of a closed contest without moments (${label(big)} entrants, no list: the route's fixed cost), and serialising the whole list with JSON.stringify (what sending it in one answer, as before, cost at the least). ${BOUNDS.rounds} interleaved rounds per case, each about ${BOUNDS.roundMs} ms, at most ${BOUNDS.maxPerRound.toLocaleString("en")} calls and ${BOUNDS.maxRoundMs / 1_000} s. Bytes: the answer's body as sent without compression, and as brotli (Accept-Encoding: br); for the peer, the whole list serialised.`,
    "",
    lines.join("\n"),
    "",
    `At ${label(large)} entrants the list is **${kb(fl?.listBytes ?? 0)}** (it was one answer); now GET /verify sends **${kb(fl?.answerBytes ?? 0)}** (**${kb(fl?.answerBrotli ?? 0)}** brotli) and each of the other ${(fl?.pages ?? 1) - 1} pages at most the same. From ${label(small)} to ${label(large)} entrants the list grows **${listGrowth}×**; GET /verify grows **${growth(0)}×** (it reads the stored list whole), a page **${growth(1)}×**, serialising the whole list **${growth(2)}×**.`,
    "",
    `Setup, not in the rounds (each on the clock, and in this process's CPU time: the machine is shared): the scheduler tick that closed each contest (entries read and filtered, written, moments resolved, their replies scheduled as moment_replies jobs) took **${secs(closeOf(small))}** at ${label(small)} and **${secs(closeOf(large))}** at ${label(large)}, **${ratio(closeOf(large), closeOf(small))}** for ${(large / small).toFixed(0)}× the entrants; the close of the contest without moments at ${label(big)}, **${secs(peer.closeMs)}**, so the ${label(big)} close with moments costs **${ratio(closeOf(large), peer.closeMs)}** the close without. The next tick, which sent a won or lost reply to each listed account (${(facts.get(small)?.replies ?? 0).toLocaleString("en")} and ${(facts.get(large)?.replies ?? 0).toLocaleString("en")} replies, the sandbox answering them), took **${secs(repliesOf(small))}** and **${secs(repliesOf(large))}**: close and replies together **${secs(add(closeOf(small), repliesOf(small)))}** and **${secs(add(closeOf(large), repliesOf(large)))}**. Peer of both, in the same run: reading the ${label(big)} entries again as a close reads them (the sandbox network making its synthetic entrants, and the filters; nothing written) took **${secs(peer.readMs)}**: the ${label(big)} close with moments costs **${ratio(closeOf(large), peer.readMs)}** that read.`,
  ].join("\n");
}
