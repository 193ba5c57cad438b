/**
 * Compresses the built web app once, at build time: a .br (brotli, highest quality) and a .gz (gzip, level 9)
 * beside every text file over 1 KB, so the server sends them as they are (api/static.ts) and never spends CPU
 * compressing the same bytes per request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
export const PRECOMPRESS_MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes file.br and file.gz beside each text file of `dir` over 1 KB; returns the files compressed. */
export function precompressDir(dir: string): string[] {
  const done: string[] = [];
  for (const file of files(dir)) {
    if (!TEXT.test(file) || statSync(file).size < PRECOMPRESS_MIN_BYTES) continue;
    const body = readFileSync(file);
    // Source maps are read by developer tools only: a lower brotli quality builds them ten times faster.
    const quality = file.endsWith(".map") ? 6 : constants.BROTLI_MAX_QUALITY;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    done.push(file);
  }
  return done;
}

/** The build step: runs once the bundle is written. */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "fairdraw:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
