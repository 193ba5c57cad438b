/**
 * The public verify API (api/routes/verify.ts) for a closed twitter contest with winning moments, as its entrants
 * grow: GET /api/v1/verify/{id} at 5 k and 50 k entrants, beside two peers measured in the same run: GET /verify of
 * a closed contest without moments (the route's fixed cost: the contest, its commitment, no list) and
 * JSON-serialising the published entries list of the same size (what the route cannot avoid sending). The contests
 * are built through the real services: the builder's create call, the sandbox's rehearsal size
 * (meta.sandbox_entrants, capped by TUNNEL_LOAD_MAX) and scheduler ticks that start and close them (the close loads
 * the entries and resolves the moments, keeping the list they were resolved over). Anonymous requests, in-process
 * (`app.request()`), each answer read to its last byte. Every loop is bounded in count and in time.
 */
import { eq } from "drizzle-orm";
import { contests } from "../api/db/tables";
import { readEntries, TUNNEL_LOAD_MAX } from "../api/services/entrants";
import {
  buildWorld,
  contestRow,
  createContest,
  DAY,
  HOUR,
  iso,
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
  winning_moments: { entries: Entry[] | null; results: { winner: string | null }[] | null }[];
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

/** The anonymous GET /verify, its answer read to the end; fails the bench rather than measuring an error. */
async function verify(w: World, id: string): Promise<ArrayBuffer> {
  const res = await w.t.app.request(`/api/v1/verify/${encodeURIComponent(id)}`);
  const body = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET /verify/${id} answered ${res.status}`);
  return body;
}

/**
 * What one size's contest published (its entries list's length, the answer's and the list's size in bytes), and how
 * long the scheduler tick that closed it took.
 */
type Facts = { listed: number; answerBytes: number; listBytes: number; closeMs: number };

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
    // The scheduler starts each, then closes it (entries loaded, moments resolved, replies published), one tick
    // a contest: how long each close tick took is reported beside the figures (setup, not measured in rounds).
    const closeMs = new Map<string, number>();
    for (const c of built) {
      await w.tickAt(c.form.startAt);
      const start = process.hrtime.bigint();
      await w.tickAt(c.form.closeAt);
      closeMs.set(c.id, Number(process.hrtime.bigint() - start) / 1e6);
    }

    // Peer of the closes, in the same run: reading the 50 k contest's entries again as its close read them (the
    // sandbox network making its synthetic entrants, then the filters), nothing written: what a close cannot avoid.
    const readStart = process.hrtime.bigint();
    const reread = await readEntries(w.t.deps, await contestRow(w, plain.id), {
      limit: TUNNEL_LOAD_MAX,
      now: new Date(plain.form.closeAt),
    });
    const readMs = Number(process.hrtime.bigint() - readStart) / 1e6;
    if (reread.entrants.length !== big) throw new Error("the entries read again are not the close's");

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
    const facts = new Map<number, Facts>();
    for (const n of SIZES) {
      const id = withList.get(n)?.id ?? "";
      const body = await verify(w, id);
      const answer = JSON.parse(new TextDecoder().decode(body)) as VerifyAnswer;
      const moments = answer.winning_moments[0];
      const entries = moments?.entries;
      if (answer.status !== "closed" || !entries || (await contestRow(w, id)).entriesCount !== n)
        throw new Error(`the ${label(n)} contest is ${answer.status}, its moments not revealed or not full`);
      const won = (moments?.results ?? []).filter((r) => r.winner !== null).length;
      if (won !== MOMENTS) throw new Error(`${won} of the ${label(n)} contest's ${MOMENTS} moments were won`);
      const stored = JSON.stringify(entries);
      facts.set(n, {
        listed: entries.length,
        answerBytes: body.byteLength,
        listBytes: Buffer.byteLength(stored),
        closeMs: closeMs.get(id) ?? Number.NaN,
      });
      cases.push(
        { name: "GET /verify, closed contest with moments", fn: () => verify(w, id) },
        {
          name: "peer: JSON.stringify of the published entries list",
          fn: async () => JSON.stringify(entries),
        },
        {
          name: "JSON.parse of the stored list, then JSON.stringify",
          fn: async () => JSON.stringify(JSON.parse(stored)),
        },
      );
    }
    const results = await measureAsync(cases, BOUNDS);
    return report(results, facts, {
      bytes: plainBody.byteLength,
      closeMs: closeMs.get(plain.id) ?? Number.NaN,
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
  peer: { bytes: number; closeMs: number; readMs: number; entrants: number },
): string {
  const big = peer.entrants;
  const plain = results[0]?.medianNs ?? Number.NaN;
  // Per size, three cases after the peer: the route, the list serialised, the list parsed and serialised.
  const at = (size: number, k: 0 | 1 | 2) =>
    results[1 + SIZES.indexOf(size as (typeof SIZES)[number]) * 3 + k];
  const ns = (size: number, k: 0 | 1 | 2) => at(size, k)?.medianNs ?? Number.NaN;
  const lines = [
    "| case | entrants | entries listed | median per call | bytes | ratio to verify without moments | ratio to serialising the list |",
    "|---|---:|---:|---:|---:|---:|---:|",
    `| ${results[0]?.name} | ${label(big)} | — | ${formatNs(plain)} | ${kb(peer.bytes)} | 1.00× | — |`,
  ];
  for (const n of SIZES) {
    const f = facts.get(n);
    const bytes = [f?.answerBytes ?? 0, f?.listBytes ?? 0, f?.listBytes ?? 0];
    for (const k of [0, 1, 2] as const) {
      lines.push(
        `| ${at(n, k)?.name} | ${label(n)} | ${(f?.listed ?? 0).toLocaleString("en")} | ${formatNs(ns(n, k))} | ${kb(bytes[k] ?? 0)} | ${(ns(n, k) / plain).toFixed(1)}× | ${(ns(n, k) / ns(n, 1)).toFixed(2)}× |`,
      );
    }
  }
  const [small = 0, large = 0] = SIZES;
  const growth = (k: 0 | 1 | 2) => (ns(large, k) / ns(small, k)).toFixed(1);
  const listGrowth = ((facts.get(large)?.listed ?? 0) / (facts.get(small)?.listed ?? 1)).toFixed(1);
  const bytesGrowth = ((facts.get(large)?.answerBytes ?? 0) / (facts.get(small)?.answerBytes ?? 1)).toFixed(
    1,
  );
  const sec = (n: number) => `${((facts.get(n)?.closeMs ?? Number.NaN) / 1_000).toFixed(1)} s`;
  const closeGrowth = (
    (facts.get(large)?.closeMs ?? Number.NaN) / (facts.get(small)?.closeMs ?? Number.NaN)
  ).toFixed(0);
  const vsList = (n: number) => (ns(n, 0) / ns(n, 1)).toFixed(1);
  const vsPlain = (n: number) => (ns(n, 0) / plain).toFixed(0);
  return [
    "## Public verify API (bench/verify.bench.ts)",
    "",
    `Anonymous GET /api/v1/verify/{id}, in-process (\`app.request()\`, each answer read to its last byte), of closed twitter contests built through the builder's create call and closed by the scheduler with ${label(small)} and ${label(large)} sandbox entrants and ${MOMENTS} winning moments, all won: the answer publishes the moments' entries list (the source's valid entries, kept when the close resolved the moments). Beside it, measured in the same run: GET /verify of a closed contest without moments (${label(big)} entrants, no list: the route's fixed cost), and serialising the published list with JSON.stringify (what sending it costs at the least); then parsing the list as stored and serialising it again. ${BOUNDS.rounds} interleaved rounds per case, each about ${BOUNDS.roundMs} ms, at most ${BOUNDS.maxPerRound.toLocaleString("en")} calls and ${BOUNDS.maxRoundMs / 1_000} s. Bytes: the answer's body, or the serialised list.`,
    "",
    lines.join("\n"),
    "",
    `From ${label(small)} to ${label(large)} entrants the list grows **${listGrowth}×** and the answer **${bytesGrowth}×**; GET /verify grows **${growth(0)}×**, serialising the list **${growth(1)}×**. GET /verify costs **${vsList(small)}×** serialising its list at ${label(small)} and **${vsList(large)}×** at ${label(large)}, and **${vsPlain(small)}×** and **${vsPlain(large)}×** the same route without moments.`,
    "",
    `Setup, not in the rounds: the scheduler tick that closed each contest (entries read and filtered, written, moments resolved, a won or lost reply published to each listed entry) took **${sec(small)}** at ${label(small)} and **${sec(large)}** at ${label(large)}, **${closeGrowth}×** for ${(large / small).toFixed(0)}× the entrants; the close of the contest without moments at ${label(big)}, **${(peer.closeMs / 1_000).toFixed(1)} s**, so the ${label(big)} close with moments costs **${((facts.get(large)?.closeMs ?? Number.NaN) / peer.closeMs).toFixed(2)}×** the close without. Peer of both, in the same run: reading the ${label(big)} entries again as a close reads them (the sandbox network making its synthetic entrants, and the filters; nothing written) took **${(peer.readMs / 1_000).toFixed(1)} s**: **${((100 * peer.readMs) / (facts.get(large)?.closeMs ?? Number.NaN)).toFixed(0)} %** of the close with moments.`,
  ].join("\n");
}
