/**
 * `npm run bench`: runs every bench/*.bench.ts (each exports `run(): Promise<string>` returning its markdown
 * section) and writes bench/RESULTS.md. Bounded: each bench measures a fixed number of rounds.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

// Each section starts with "## ... (bench/<file>)": a run of some benches replaces their sections and keeps the rest.
const resultsFile = path.join(here, "RESULTS.md");
const previous = new Map<string, string>();
if (only.length > 0 && existsSync(resultsFile)) {
  for (const block of readFileSync(resultsFile, "utf8")
    .split(/\n(?=## )/)
    .slice(1)) {
    const file = /\(bench\/([^)]+\.bench\.ts)\)/.exec(block.split("\n")[0] ?? "")?.[1];
    if (file) previous.set(file, block.trimEnd());
  }
}
const fresh = new Map<string, string>();
for (const file of files) {
  console.warn(`bench: ${file}`);
  const mod = (await import(path.join(here, file))) as { run: () => Promise<string> };
  fresh.set(file, await mod.run());
}
const all = readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts"))
  .sort();
const sections = all.flatMap((f) => fresh.get(f) ?? previous.get(f) ?? []);

const cpu = os.cpus()[0]?.model ?? "unknown CPU";
const header = [
  "# Benchmark results",
  "",
  `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} × ${cpu}.`,
  "Each figure is the median of interleaved rounds; read the ratios, which compare cases measured in the same run,",
  "not the absolute times, which drift with the machine.",
  "",
].join("\n");
writeFileSync(resultsFile, `${header}\n${sections.join("\n\n")}\n`);
console.warn("bench: wrote bench/RESULTS.md");
