/**
 * `virtual:provider-marks`: the brand mark of every network, by the `ui.icon` of its definition in
 * schemas/providers/*.json, taken from simple-icons at build time (only the marks in use reach the bundle). A new
 * provider file brings its own mark by naming a simple-icons slug; a name simple-icons lacks gets no entry, and the
 * web app draws a letter mark instead.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

const ID = "virtual:provider-marks";
const RESOLVED = `\0${ID}`;

export type ProviderMark = { title: string; path: string };

/** Networks a person signs in with that have no provider file (api/auth/sign-in/networks.ts: Google). */
const SIGN_IN_ONLY_MARKS = ["google"];

/** The marks the provider definitions name, keyed by that name. */
export function readProviderMarks(root = process.cwd()): Record<string, ProviderMark> {
  const dir = path.join(root, "schemas/providers");
  const iconsDir = path.join(path.dirname(createRequire(import.meta.url).resolve("simple-icons")), "icons");
  const marks: Record<string, ProviderMark> = {};
  const icons = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map(
      (file) =>
        (JSON.parse(readFileSync(path.join(dir, file), "utf8")) as { ui?: { icon?: string } }).ui?.icon,
    );
  for (const icon of [...icons, ...SIGN_IN_ONLY_MARKS]) {
    if (!icon || !/^[a-z0-9-]+$/.test(icon)) continue;
    const svgFile = path.join(iconsDir, `${icon}.svg`);
    if (!existsSync(svgFile)) continue;
    const svg = readFileSync(svgFile, "utf8");
    const d = /<path d="([^"]+)"/.exec(svg)?.[1];
    const title = /<title>([^<]*)<\/title>/.exec(svg)?.[1] ?? icon;
    if (d) marks[icon] = { title, path: d };
  }
  return marks;
}

export function providerMarks(): Plugin {
  return {
    name: "fairdraw-provider-marks",
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      return `export default ${JSON.stringify(readProviderMarks())};`;
    },
  };
}
