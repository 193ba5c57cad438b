/**
 * Every demo contest opens in the builder and saves (issue 13b): its stored form (cb_data) is a complete form
 * the engine accepts. Each contest is opened as the web app opens it (engine/builder/origin.ts formFromOrigin,
 * with the origin web/src/contest/lifecycle.ts duplicateOrigin gives a contest past planned) and sent through
 * the real create/update routes: saved as it opens, then submitted in full (status planned). A contest whose
 * start is past is re-dated as its user would: every date of the form moved by the same amount, so its start is
 * an hour from now.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_EMAIL, seedDemo } from "../../../api/db/seed";
import { contests } from "../../../api/db/tables";
import { formFromOrigin, type Origin } from "../../../engine/builder/origin";
import { isPlainObject } from "../../../engine/values";
import { type Session, signIn } from "../../helpers/api-client";
import { createTestApp, type TestApp } from "../../helpers/test-app";

let t: TestApp;
afterEach(() => t.cleanup());

const NOW = Date.parse("2030-05-01T12:00:00.000Z");
const HOUR = 3_600_000;
const CREATE = "/api/v1/teams/current/contests/create";
const one = (id: string) => `/api/v1/teams/current/contests/${id}`;

type Form = {
  base: Record<string, unknown>;
  sources: Record<string, unknown>[];
  summary: Record<string, unknown>;
};

/** The same form with every date moved by `shift` ms (start, close, autodraw, the winning moments). */
function shifted(form: Form, shift: number): Form {
  const move = (value: unknown) =>
    typeof value === "string" ? new Date(Date.parse(value) + shift).toISOString() : value;
  const copy = structuredClone(form);
  for (const key of ["start_date", "original_start_date", "close_date"])
    copy.base[key] = move(copy.base[key]);
  if (isPlainObject(copy.base.autodraw)) copy.base.autodraw.date = move(copy.base.autodraw.date);
  for (const source of copy.sources) {
    const moments = source.winning_moments;
    if (isPlainObject(moments) && Array.isArray(moments.list)) {
      moments.list = moments.list.map((m: { date: string }) => ({ ...m, date: move(m.date) }));
    }
  }
  return copy;
}

async function answer(res: Response, what: string, status: number): Promise<Record<string, unknown>> {
  const body = (await res.json()) as Record<string, unknown>;
  expect(res.status, `${what}: ${JSON.stringify(body)}`).toBe(status);
  return body;
}

describe("the demo seed's builder forms", { timeout: 30_000 }, () => {
  it("opens every seeded contest in the builder and saves it, then submits it in full", async () => {
    t = await createTestApp({ clock: () => new Date(NOW) });
    expect(await seedDemo(t.db, t.deps.clock)).toEqual({ seeded: true });
    const s: Session = await signIn(t, DEMO_EMAIL);
    const rows = await t.db.select().from(contests);
    const teamRows = rows.filter((r) => r.teamId === rows.find((x) => x.name === "Spring quiz")?.teamId);
    expect(teamRows.map((r) => r.status).sort()).toEqual(
      ["closed", "draft", "ended", "ended", "planned", "started"].sort(),
    );

    for (const row of teamRows) {
      const got = await answer(await s.call("GET", one(row.id)), `read ${row.name}`, 200);
      const stored = got.cb_data as Form | null;
      if (!stored) continue;
      if (!stored) continue;
      const origin: Origin =
        row.status === "draft" || row.status === "planned"
          ? { kind: row.status, id: row.id }
          : { kind: "planned", id: row.id, is_duplicate: true };
      const opened = formFromOrigin(stored, origin, new Date(NOW)) as unknown as Form;
      const duplicate = origin.kind === "planned" && origin.is_duplicate === true;

      // Saved as it opens: a planned contest saved again, a draft saved, a duplicate saved as a new draft.
      if (row.status === "planned") {
        await answer(
          await s.call("POST", one(row.id), { ...opened, status: "planned", forPayment: false }),
          `save ${row.name}`,
          200,
        );
      } else if (row.status === "draft") {
        await answer(
          await s.call("POST", one(row.id), { ...opened, status: "draft", forPayment: false }),
          `save ${row.name}`,
          200,
        );
      } else {
        const body = {
          ...opened,
          status: "draft",
          forPayment: false,
          idempotency_key: randomUUID(),
          is_duplicate: true,
        };
        await answer(await s.call("POST", CREATE, body), `duplicate ${row.name} as a draft`, 201);
      }

      // Submitted in full, its dates set an hour ahead when its start is gone (or was never set).
      if (row.status === "planned") continue;
      const start = Date.parse(String(stored.base.start_date ?? ""));
      const from = Number.isNaN(start) ? null : start;
      const full = from === null ? shifted(stored, 0) : shifted(stored, NOW + HOUR - from);
      if (from === null) {
        full.base.start_date = new Date(NOW + HOUR).toISOString();
        full.base.close_date = new Date(NOW + 72 * HOUR).toISOString();
      }
      full.summary = { ...full.summary, parameters_verified: true };
      if (duplicate || row.status !== "draft") {
        const body = {
          ...full,
          status: "planned",
          forPayment: false,
          idempotency_key: randomUUID(),
          is_duplicate: true,
        };
        const made = await answer(await s.call("POST", CREATE, body), `submit a copy of ${row.name}`, 201);
        // Deleted again: the plan's contests quota counts the copies.
        await answer(
          await s.call("DELETE", one(String(made.contest_id))),
          `delete the copy of ${row.name}`,
          200,
        );
      } else {
        await answer(
          await s.call("POST", one(row.id), { ...full, status: "planned", forPayment: false }),
          `submit ${row.name}`,
          200,
        );
      }
    }
    const submitted = await t.db.select().from(contests).where(eq(contests.name, "Autumn draft"));
    expect(submitted.map((r) => r.status)).toEqual(["planned"]);
  });
});
