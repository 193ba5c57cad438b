import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { first } from "../../api/db/query";
import { teamMembers, users } from "../../api/db/tables";
import { NOTIFICATIONS_PAGE_SIZE, notify } from "../../api/services/notifications";
import { createAjv } from "../../engine/ajv";
import { signIn } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";

const notificationSchema = JSON.parse(readFileSync("schemas/stored/notification.schema.json", "utf8"));
const validNotification = createAjv().compile(notificationSchema);

type Notification = { _id: string; content: { key: string }; team_id: string | null; read: boolean };
type Page = { data: Notification[]; new_count: number };

let t: TestApp;
afterEach(() => t.cleanup());

async function currentTeamId(userId: string): Promise<string> {
  const row = await first(t.db.select().from(users).where(eq(users.id, userId)));
  if (!row?.currentTeamId) throw new Error("the user has no current team");
  return row.currentTeamId;
}

async function list(s: { call: (m: string, p: string) => Promise<Response> }, query = ""): Promise<Page> {
  const res = await s.call("GET", `/api/v1/users/me/notifications/list${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
}

describe("GET /api/v1/users/me/notifications/list", () => {
  it("lists the user's own and their current team's notifications, newest first, in the stored shape", async () => {
    t = await createTestApp();
    const ann = await signIn(t, "ann@brand.example", "Ann");
    const bo = await signIn(t, "bo@brand.example", "Bo");
    const annTeam = await currentTeamId(ann.userId);
    await notify(t.deps, { userId: ann.userId }, { key: "welcome" });
    await notify(
      t.deps,
      { teamId: annTeam },
      { key: "contestStarted", data: { name: "Spring" }, link: "/contests/" },
    );
    await notify(t.deps, { userId: bo.userId }, { key: "notForAnn" });
    await notify(t.deps, { teamId: await currentTeamId(bo.userId) }, { key: "notForAnnsTeam" });

    const page = await list(ann);
    expect(page.data.map((n) => n.content.key)).toEqual(["contestStarted", "welcome"]);
    for (const n of page.data)
      expect(validNotification(n), JSON.stringify(validNotification.errors)).toBe(true);
    expect(page.data[0]).toMatchObject({
      team_id: annTeam,
      read: false,
      content: { key: "contestStarted", data: { name: "Spring" }, title: null, link: "/contests/" },
    });
    expect(page.new_count).toBe(2);
  });

  it("counts as new only what came after last_read_notification_id, and marks the rest read", async () => {
    t = await createTestApp();
    const ann = await signIn(t, "ann@brand.example", "Ann");
    await notify(t.deps, { userId: ann.userId }, { key: "one" });
    const second = await notify(t.deps, { teamId: await currentTeamId(ann.userId) }, { key: "two" });
    expect((await list(ann)).new_count).toBe(2);

    const marked = await ann.call("POST", "/api/v1/users/me", { last_read_notification_id: second.id });
    expect(marked.status).toBe(200);
    const afterRead = await list(ann);
    expect(afterRead.new_count).toBe(0);
    expect(afterRead.data.every((n) => n.read)).toBe(true);

    await notify(t.deps, { userId: ann.userId }, { key: "three" });
    const later = await list(ann);
    expect(later.new_count).toBe(1);
    expect(later.data.map((n) => [n.content.key, n.read])).toEqual([
      ["three", false],
      ["two", true],
      ["one", true],
    ]);
  });

  it("pages by 20 with ?before=<id>, without gaps or repeats", async () => {
    t = await createTestApp();
    const ann = await signIn(t, "ann@brand.example", "Ann");
    const sent = [];
    for (let i = 0; i < 25; i++) sent.push(await notify(t.deps, { userId: ann.userId }, { key: `n${i}` }));
    const first = await list(ann);
    expect(first.data).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.data[0]?.content.key).toBe("n24");
    expect(first.new_count).toBe(25);
    const last = first.data.at(-1)?._id ?? "";
    const second = await list(ann, `?before=${last}`);
    expect(second.data.map((n) => n.content.key)).toEqual(["n4", "n3", "n2", "n1", "n0"]);
    const all = [...first.data, ...second.data].map((n) => n._id);
    expect(all).toEqual(sent.map((n) => n.id).reverse());
    expect((await list(ann, `?before=${sent[0]?.id}`)).data).toEqual([]);
  });

  it("follows the current team: another team's notifications appear after switching to it", async () => {
    t = await createTestApp();
    const ann = await signIn(t, "ann@brand.example", "Ann");
    const bo = await signIn(t, "bo@brand.example", "Bo");
    const boTeam = await currentTeamId(bo.userId);
    await t.db
      .insert(teamMembers)
      .values({ teamId: boTeam, userId: ann.userId, role: "member", createdAt: new Date().toISOString() });
    await notify(t.deps, { teamId: boTeam }, { key: "inBosTeam" });
    expect((await list(ann)).data).toEqual([]);
    const switched = await ann.call("POST", "/api/v1/users/switch_team", { team_id: boTeam });
    expect(switched.status).toBe(200);
    const page = await list(ann);
    expect(page.data.map((n) => n.content.key)).toEqual(["inBosTeam"]);
    expect(page.new_count).toBe(1);
  });

  it("refuses a malformed cursor with 422 on `before`, and a call without a session with 401", async () => {
    t = await createTestApp();
    const ann = await signIn(t, "ann@brand.example", "Ann");
    const bad = await ann.call("GET", "/api/v1/users/me/notifications/list?before=not-an-id");
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toEqual({ before: ["Is invalid."] });
    const anonymous = await t.app.request("/api/v1/users/me/notifications/list");
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error).toBe("unauthenticated");
  });
});
