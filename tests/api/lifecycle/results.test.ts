import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { first } from "../../../api/db/query";
import { contests, entrants } from "../../../api/db/tables";
import { CSV_COLUMNS, csvCell, entriesOverTime } from "../../../api/services/statistics";
import { setPlan } from "../../helpers/world";
import { buildWorld, contestPath, loadedImport, memberOf, type World } from "./helpers";

let w: World;
afterEach(() => w.t.cleanup());

/** Splits RFC 4180 text into rows of cells (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  return rows;
}

describe("GET /api/v1/teams/current/contests/:id/entries/export", { timeout: 30_000 }, () => {
  it("downloads the entries as CSV, quoting what needs it and defusing spreadsheet formulas", async () => {
    w = await buildWorld();
    const id = await loadedImport(w);
    const firstEntry = await first(
      w.t.db.select().from(entrants).where(eq(entrants.contestId, id)).orderBy(entrants.position),
    );
    if (!firstEntry) throw new Error("no entry");
    await w.t.db
      .update(entrants)
      .set({
        name: '=HYPERLINK("http://evil.example","click")',
        screenName: "@handle",
        comments: [{ id: "c1", text: 'Count me in, "please"\nline two', at: firstEntry.firstAt }],
      })
      .where(and(eq(entrants.contestId, id), eq(entrants.position, 0)));

    const res = await w.owner.call("GET", `${contestPath(id)}/entries/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="entries-import-01-${id}.csv"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    // A UTF-8 byte order mark first, so that spreadsheets read the accents.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const count = (await w.t.db.select().from(entrants).where(eq(entrants.contestId, id))).length;
    expect(rows).toHaveLength(count + 1);
    const cells = Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, rows[1]?.[i]]));
    expect(cells).toMatchObject({
      entrant_id: firstEntry.id,
      name: `'=HYPERLINK("http://evil.example","click")`,
      screen_name: "'@handle",
      comments: 'Count me in, "please"\nline two',
    });
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  });

  it("needs export_entries and the exportEntries feature (403 upgradeToDownloadEntries)", async () => {
    w = await buildWorld();
    const id = await loadedImport(w);
    const bob = await memberOf(w, "bob@brand.example", null);
    const refused = await bob.call("GET", `${contestPath(id)}/entries/export`);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe("permissionsForbidden");
    await setPlan(w.t, w.teamId, "basic");
    const res = await w.owner.call("GET", `${contestPath(id)}/entries/export`);
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("upgradeToDownloadEntries");
  });

  it("writes each cell as RFC 4180 wants it", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(null)).toBe("");
    expect(csvCell(12)).toBe("12");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    for (const start of ["=", "+", "-", "@", "\t", "\r"])
      expect(csvCell(`${start}1`).includes(`'${start}1`)).toBe(true);
    expect(csvCell("-1,5")).toBe(`"'-1,5"`);
  });
});

describe("GET /api/v1/teams/current/contests/:id/statistics", { timeout: 30_000 }, () => {
  it("answers entries over time, the filters' funnel and the counts per source", async () => {
    w = await buildWorld();
    const id = await loadedImport(w);
    const res = await w.owner.call("GET", `${contestPath(id)}/statistics`);
    expect(res.status).toBe(200);
    const stats = await res.json();
    const rows = await w.t.db.select().from(entrants).where(eq(entrants.contestId, id));
    expect(stats).toMatchObject({
      contest_id: id,
      entries: rows.length,
      valid: rows.filter((r) => r.valid).length,
    });
    expect(stats.over_time.unit).toBe("hour");
    const total = stats.over_time.buckets.reduce((n: number, b: { entries: number }) => n + b.entries, 0);
    expect(total).toBe(rows.length);
    expect(stats.funnel).toMatchObject({ total: rows.length, truncated: false });
    const sources = (await first(w.t.db.select().from(contests).where(eq(contests.id, id))))?.sources ?? [];
    const source = (sources as { _id: string }[])[0];
    expect(stats.per_source).toEqual([
      { source_id: source?._id, provider: "twitter", entries: rows.length, valid: stats.valid },
    ]);
  });

  it("needs the contest.statistics feature (403 planNotSupported)", async () => {
    w = await buildWorld();
    const id = await loadedImport(w);
    await setPlan(w.t, w.teamId, "advanced");
    const res = await w.owner.call("GET", `${contestPath(id)}/statistics`);
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("planNotSupported");
  });

  it("counts entries by hour over three days at most, by day beyond, empty buckets included", () => {
    const h = (n: number) => Date.parse("2030-01-01T00:00:00Z") + n * 3_600_000;
    expect(entriesOverTime([])).toEqual({ unit: "hour", buckets: [] });
    expect(entriesOverTime([h(0), h(0.5), h(2)])).toEqual({
      unit: "hour",
      buckets: [
        { at: "2030-01-01T00:00:00.000Z", entries: 2 },
        { at: "2030-01-01T01:00:00.000Z", entries: 0 },
        { at: "2030-01-01T02:00:00.000Z", entries: 1 },
      ],
    });
    const days = entriesOverTime([h(1), h(100)]);
    expect(days.unit).toBe("day");
    expect(days.buckets.map((b) => b.entries)).toEqual([1, 0, 0, 0, 1]);
  });
});
