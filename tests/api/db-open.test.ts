/** The async data layer's core on SQLite (the cases: ./data-layer-cases.ts). */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDb } from "../../api/db/client";
import { chooseDialect } from "../../api/db/tables";
import { dataLayerCases } from "./data-layer-cases";

const dir = mkdtempSync(path.join(tmpdir(), "fairdraw-open-"));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the data layer on SQLite", () => {
  dataLayerCases("sqlite", () => openDb(`file:${path.join(dir, `app-${++n}.db`)}`));

  it("serves one dialect per process: choosing PostgreSQL after SQLite is an error", async () => {
    const opened = await openDb(path.join(dir, "one.db"));
    await opened.close();
    expect(() => chooseDialect("postgresql")).toThrow(/already serves a sqlite database/);
  });
});
