/**
 * Builds the web app when its output (WEB_DIST, default dist/web) is missing or older than its sources
 * (web/, codegen/types/, codegen/forms/, engine/, schemas/).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { build } from "vite";

const SOURCES = [
  "web",
  "codegen/types",
  "codegen/forms",
  "engine",
  "schemas",
  "vite.config.ts",
  "vite.plugins.ts",
  "vite.precompress.ts",
  "lingui.config.ts",
];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const e of readdirSync(p, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) newest = Math.max(newest, statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return newest;
}

export function webOutDir(): string {
  return path.resolve(process.env.WEB_DIST ?? "dist/web");
}

export function webBuildIsStale(outDir = webOutDir()): boolean {
  const index = path.join(outDir, "index.html");
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((s) => newestMtime(s) > built);
}

export async function buildWebIfNeeded(outDir = webOutDir()): Promise<boolean> {
  if (!webBuildIsStale(outDir)) return false;
  console.warn("Building the web app…");
  // Vite's build sets NODE_ENV=production in this process; the server that starts next must not inherit it.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({ configFile: "vite.config.ts", logLevel: "warn", build: { outDir, emptyOutDir: true } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return true;
}
