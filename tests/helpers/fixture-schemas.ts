/**
 * A schemas/ folder with the test-only network of tests/fixtures/schemas (fediwisp, a made-up fediverse network:
 * favourite and boost actions, user@instance handles) added the way product staff would add one: its three files,
 * and the one line that lets the form body accept it. The caller removes the folder (`cleanup`).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SCHEMAS_DIR } from "../../engine/node/load-schemas";

export const FIXTURE_PROVIDER = "fediwisp";

/** schemas/ plus the fixture's files; `accepted: false` leaves out the form body's line (the linter's case). */
export function schemasWithFixture(opts: { accepted?: boolean } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "fairdraw-schemas-"));
  cpSync(SCHEMAS_DIR, dir, { recursive: true });
  cpSync(path.resolve(import.meta.dirname, "../fixtures/schemas"), dir, { recursive: true });
  if (opts.accepted !== false) acceptFixture(dir);
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Adds { "$ref": "sources/fediwisp.schema.json" } to sources.items.oneOf of the form body. */
export function acceptFixture(dir: string): void {
  const formFile = path.join(dir, "contest", "form.schema.json");
  const form = JSON.parse(readFileSync(formFile, "utf8"));
  form.properties.sources.items.oneOf.push({ $ref: `sources/${FIXTURE_PROVIDER}.schema.json` });
  writeFileSync(formFile, JSON.stringify(form, null, 2));
}
