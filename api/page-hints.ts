/**
 * What the app's page tells the browser to fetch beside its entry (issue 28, docs/decisions/036): the entry asks,
 * as soon as it runs, for the visitor's message catalog and, when signed in, for GET /users/me; named in the page,
 * both come in parallel with the entry instead of one round trip after it. The catalog's file is read from the
 * build's manifest (Vite's `build.manifest`); the language is the one the app will pick (cookie, then the
 * browser's languages, then English: api/locale.ts and web/src/i18n/locales.ts follow the same rule).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ApiLocale } from "./locale";

/** The part of Vite's manifest read here: each source's built file and the chunks it imports. */
export type Manifest = Record<string, { file: string; imports?: string[] }>;

/** Where the build writes its manifest (vite.config.ts `build.manifest`). */
export const MANIFEST_PATH = ".vite/manifest.json";

/** The call the session makes first (web/src/session/session.tsx `prefetchUser`). */
export const USER_CALL = "/api/v1/users/me";

export type Visitor = { locale: ApiLocale; signedIn: boolean };

export function readManifest(webDist: string): Manifest | null {
  const file = path.join(webDist, MANIFEST_PATH);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Manifest) : null;
}

/** A chunk and every chunk it imports, as built files. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

/** The `<link>` tags for a visitor: the catalog's chunks the entry does not already load, and the user call. */
export function hintTags(manifest: Manifest, visitor: Visitor): string[] {
  const loaded = closure(manifest, "index.html");
  const catalog = [...closure(manifest, `locales/${visitor.locale}/messages.po`)].filter(
    (f) => !loaded.has(f),
  );
  const tags = catalog.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  // crossorigin="anonymous" is the credentials mode of the app's own fetch (same-origin): the browser hands this
  // answer to that call instead of asking twice.
  if (visitor.signedIn)
    tags.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${USER_CALL}">`);
  return tags;
}

/** index.html with the visitor's hints at the end of its head (after the entry's own script and stylesheet). */
export function withHints(html: string, tags: string[]): string {
  if (tags.length === 0) return html;
  return html.replace("</head>", `  ${tags.join("\n    ")}\n  </head>`);
}
