/**
 * A small benchmark harness: runs each case in interleaved rounds (so drift on a noisy machine hits every
 * case alike), each round long enough to be measurable, and reports the median time per operation. Figures
 * are meant to be read as ratios between cases measured in the same run, never as absolute promises.
 */

export type Case = { name: string; fn: () => unknown };
export type Measured = {
  name: string;
  medianNs: number;
  /** The fastest round: on a shared machine, the round other processes disturbed least. */
  minNs: number;
  opsPerSec: number;
  rounds: number;
};

/**
 * What a round is timed with. "wall": elapsed time. "cpu": the CPU time this process used (user + system, every
 * thread, so garbage collection counts), which leaves out the time other processes held the core: on a machine
 * shared with other work, wall rounds measure the neighbours as much as the code.
 */
export type Clock = "wall" | "cpu";

function timeRound(fn: () => unknown, iterations: number, clock: Clock = "wall"): number {
  if (clock === "cpu") {
    const start = process.cpuUsage();
    for (let i = 0; i < iterations; i++) fn();
    const used = process.cpuUsage(start);
    return ((used.user + used.system) * 1000) / iterations;
  }
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) fn();
  return Number(process.hrtime.bigint() - start) / iterations;
}

/** Iterations such that one round of this case takes about `targetMs`. */
function calibrate(fn: () => unknown, targetMs: number): number {
  let n = 1;
  for (;;) {
    const perOp = timeRound(fn, n);
    if (perOp * n >= targetMs * 1e6 || n >= 1 << 24) return Math.max(1, Math.round((targetMs * 1e6) / perOp));
    n *= 4;
  }
}

/**
 * Runs the cases, interleaved, until this process has used about `cpuMs` of CPU time (not wall time: on a loaded
 * machine the JIT's background compiles wait for a core too), so the JIT has settled before the first timed round.
 * No forced collection after it: one (gc() exposed at run time) threw the engine's optimised code away, and its
 * first table ran at twice the cost of the later ones.
 */
export function settle(cases: Case[], cpuMs: number): void {
  const start = process.cpuUsage();
  const used = () => {
    const u = process.cpuUsage(start);
    return (u.user + u.system) / 1000;
  };
  while (used() < cpuMs) for (const c of cases) c.fn();
}

export type MeasureOptions = {
  rounds?: number;
  roundMs?: number;
  clock?: Clock;
  /** Untimed rounds of every case before the timed ones (so the JIT has settled before anything is kept). */
  warmupRounds?: number;
};

export function measure(cases: Case[], opts: MeasureOptions = {}): Measured[] {
  const rounds = opts.rounds ?? 15;
  const roundMs = opts.roundMs ?? 40;
  const iterations = cases.map((c) => calibrate(c.fn, roundMs));
  for (let r = 0; r < (opts.warmupRounds ?? 0); r++) {
    cases.forEach((c, i) => {
      timeRound(c.fn, iterations[i] ?? 1);
    });
  }
  const samples: number[][] = cases.map(() => []);
  for (let r = 0; r < rounds; r++) {
    cases.forEach((c, i) => {
      samples[i]?.push(timeRound(c.fn, iterations[i] ?? 1, opts.clock));
    });
  }
  return cases.map((c, i) => {
    const sorted = [...(samples[i] ?? [])].sort((a, b) => a - b);
    const medianNs = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
    return { name: c.name, medianNs, minNs: sorted[0] ?? Number.NaN, opsPerSec: 1e9 / medianNs, rounds };
  });
}

export function formatNs(ns: number): string {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(1)} µs`;
  return `${ns.toFixed(0)} ns`;
}

/** A markdown table: each case's median time and its ratio to the first case (the peer). */
export function table(results: Measured[]): string {
  const peer = results[0];
  const lines = ["| case | median per op | ratio to first |", "|---|---:|---:|"];
  for (const r of results) {
    const ratio = peer ? r.medianNs / peer.medianNs : Number.NaN;
    lines.push(`| ${r.name} | ${formatNs(r.medianNs)} | ${ratio.toFixed(2)}× |`);
  }
  return lines.join("\n");
}

/** The same with the fastest round beside the median, and both ratios (for a machine shared with other work). */
export function tableWithFastest(results: Measured[]): string {
  const peer = results[0];
  const lines = [
    "| case | median per op | ratio to first | fastest round per op | ratio to first |",
    "|---|---:|---:|---:|---:|",
  ];
  for (const r of results) {
    const ratio = peer ? r.medianNs / peer.medianNs : Number.NaN;
    const fastest = peer ? r.minNs / peer.minNs : Number.NaN;
    lines.push(
      `| ${r.name} | ${formatNs(r.medianNs)} | ${ratio.toFixed(2)}× | ${formatNs(r.minNs)} | ${fastest.toFixed(2)}× |`,
    );
  }
  return lines.join("\n");
}

export type AsyncCase = { name: string; fn: () => Promise<unknown> };

/** How measureAsync bounds its work: every loop ends on a count and on a time. */
export type AsyncOptions = {
  /** Interleaved rounds per case. */
  rounds: number;
  /** The time one round of a case is calibrated to. */
  roundMs: number;
  /** Calls per round, at least and at most. */
  minPerRound: number;
  maxPerRound: number;
  /** Calls of the calibration (also the warm-up). */
  calibrationCalls: number;
  /** A round (or the calibration) stops after this long, whatever its count (at least one call is made). */
  maxRoundMs: number;
};

async function timeRoundAsync(
  fn: () => Promise<unknown>,
  iterations: number,
  maxMs: number,
): Promise<number> {
  const start = process.hrtime.bigint();
  const deadline = start + BigInt(Math.round(maxMs * 1e6));
  let done = 0;
  while (done < iterations) {
    await fn();
    done++;
    if (process.hrtime.bigint() > deadline) break;
  }
  return Number(process.hrtime.bigint() - start) / done;
}

/**
 * The async sibling of measure: calibrated rounds of sequential calls, interleaved between cases, median per call.
 * Bounded: rounds × cases rounds, each of at most maxPerRound calls and about roundMs (never past maxRoundMs).
 */
export async function measureAsync(cases: AsyncCase[], opts: AsyncOptions): Promise<Measured[]> {
  const iterations: number[] = [];
  for (const c of cases) {
    const perOp = await timeRoundAsync(c.fn, opts.calibrationCalls, opts.maxRoundMs);
    iterations.push(
      Math.min(opts.maxPerRound, Math.max(opts.minPerRound, Math.round((opts.roundMs * 1e6) / perOp))),
    );
  }
  const samples: number[][] = cases.map(() => []);
  for (let r = 0; r < opts.rounds; r++) {
    for (const [i, c] of cases.entries()) {
      samples[i]?.push(await timeRoundAsync(c.fn, iterations[i] ?? 1, opts.maxRoundMs));
    }
  }
  return cases.map((c, i) => {
    const sorted = [...(samples[i] ?? [])].sort((a, b) => a - b);
    const medianNs = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
    return {
      name: c.name,
      medianNs,
      minNs: sorted[0] ?? Number.NaN,
      opsPerSec: 1e9 / medianNs,
      rounds: opts.rounds,
    };
  });
}
