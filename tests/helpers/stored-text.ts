/**
 * What the tests of a network's linking read to prove no token or secret is kept: every byte the database holds
 * (the SQLite file and its WAL, or every PostgreSQL row) as text; and the hidden fields of a stand-in's consent
 * page, to post it back as the person's decision.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { rawAll } from "../../api/db/query";
import { sqliteConnection, type TestApp } from "./test-app";

/** Every byte the database holds, as text (SQLite: its files after a checkpoint; PostgreSQL: every row). */
export async function storedText(t: TestApp): Promise<string> {
  if (t.dialect === "sqlite") {
    sqliteConnection(t).pragma("wal_checkpoint(TRUNCATE)");
    return readdirSync(t.dir)
      .filter((f) => f.startsWith("test.db"))
      .map((f) => readFileSync(path.join(t.dir, f)).toString("latin1"))
      .join("\n");
  }
  const names = await rawAll<{ name: string }>(
    t.db,
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`,
  );
  const rows: string[] = [];
  for (const { name } of names)
    rows.push(JSON.stringify(await rawAll(t.db, sql`SELECT * FROM ${sql.identifier(name)}`)));
  return rows.join("\n");
}

/** A stand-in consent page's hidden fields (HTML character references decoded), ready to post back. */
export function consentForm(html: string): URLSearchParams {
  const form = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(
      m[1] ?? "",
      (m[2] ?? "").replace(/&#(\d+);/g, (_x, n) => String.fromCharCode(Number(n))),
    );
  }
  return form;
}
