/** Builds the web app when dist/web is missing or older than its sources (web/, codegen/types/, engine/, schemas/). */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { build } from "vite";

const SOURCES = ["web", "codegen/types", "engine", "schemas", "vite.config.ts", "lingui.config.ts"];

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

export function webBuildIsStale(outDir = "dist/web"): boolean {
  const index = path.join(outDir, "index.html");
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((s) => newestMtime(s) > built);
}

export async function buildWebIfNeeded(): Promise<boolean> {
  if (!webBuildIsStale()) return false;
  console.warn("Building the web app…");
  await build({ configFile: "vite.config.ts", logLevel: "warn" });
  return true;
}
