import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { first } from "../../api/db/query";
import { accounts, contests, idempotencyKeys, templates, uploads } from "../../api/db/tables";
import { newId } from "../../api/ids";
import { getPath } from "../../engine/values";
import { type Session, signIn } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { addMember, currentTeamId, expectShape, freeze, setPlan } from "../helpers/world";

let t: TestApp;
afterEach(() => t.cleanup());

const NOW = new Date("2026-06-01T12:00:00.000Z");
const MIN = 60_000;
let now = NOW;
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

async function app() {
  now = NOW;
  t = await createTestApp({ clock: () => now });
}

const CREATE = "/api/v1/teams/current/templates/create";
const LIST = "/api/v1/teams/current/templates/list";
const one = (id: string) => `/api/v1/teams/current/templates/${id}`;

async function owner(plan = "business", email = "olive@brand.example") {
  const s = await signIn(t, email, email.split("@")[0]);
  const teamId = await currentTeamId(t, s.userId);
  await setPlan(t, teamId, plan);
  return { s, teamId };
}

/** A template's body: an X (Twitter) source whose publication is written, dates left empty. */
function templateBody(name = "Weekly giveaway", extra: object = {}) {
  const source: Record<string, unknown> = {
    ...structuredClone(t.deps.catalog.builder.defaults.sources.twitter),
  };
  Object.assign(source, { id: 100, type: "twitter" });
  const s = source as { publication: { content: string }; actions: { like: { enabled: boolean } } };
  s.publication.content = "Like this post to win!";
  s.actions.like.enabled = true;
  return {
    idempotency_key: randomUUID(),
    status: "template",
    forPayment: false,
    base: { ...structuredClone(t.deps.catalog.builder.defaults.base), name },
    sources: [source],
    summary: { parameters_verified: false },
    ...extra,
  };
}

async function create(s: Session, b: unknown): Promise<string> {
  const res = await s.call("POST", CREATE, b);
  const answer = await res.json();
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(answer)}`);
  return answer.template_id;
}

async function row(id: string) {
  const r = await first(t.db.select().from(templates).where(eq(templates.id, id)));
  if (!r) throw new Error(`no template ${id}`);
  return r;
}

describe("POST /api/v1/teams/current/templates/create", () => {
  it("answers 401 without a session", async () => {
    await app();
    const res = await t.app.request(LIST);
    expect(res.status).toBe(401);
  });

  it("saves the form as a template: 201 {template_id}, read back in the contest shape with status template", async () => {
    await app();
    const { s } = await owner();
    const res = await s.call("POST", CREATE, templateBody());
    expect(res.status).toBe(201);
    const { template_id } = await res.json();
    const got = await (await s.call("GET", one(template_id))).json();
    expectShape("stored/contest", got);
    expect(got).toMatchObject({
      _id: template_id,
      name: "Weekly giveaway",
      status: "template",
      type: "tunnel",
      providers: ["twitter"],
      start_at: null,
      sources: [],
    });
    expect(getPath(got.cb_data, "sources.0.publication.content")).toBe("Like this post to win!");
    expect(await t.db.select().from(contests)).toEqual([]);
  });

  it("validates the name only, in the request's language, and takes only status template", async () => {
    await app();
    const { s } = await owner();
    const en = await s.call("POST", CREATE, templateBody("ab"));
    expect(en.status).toBe(422);
    expect((await en.json()).errors).toEqual({ "base.name": ["Must be at least 4 characters."] });
    const fr = await s.call("POST", CREATE, templateBody("ab"), { "accept-language": "fr" });
    const frBody = await fr.json();
    expect(frBody.message).toBe("Les données envoyées ne sont pas valides.");
    expect(Object.keys(frBody.errors)).toEqual(["base.name"]);

    const wrong = await s.call("POST", CREATE, templateBody("Good name", { status: "planned" }));
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors).toEqual({ status: ["Is not one of the allowed choices."] });
    const shape = await s.call("POST", CREATE, templateBody("Good name", { sources: {} }));
    expect((await shape.json()).errors).toEqual({ sources: ["Has the wrong type."] });
    const duplicate = await s.call("POST", CREATE, templateBody("Good name", { is_duplicate: true }));
    expect((await duplicate.json()).errors).toEqual({ is_duplicate: ["Is not a known field."] });
  });

  it("stores neither plan-gated options nor switched-off data", async () => {
    await app();
    const { s } = await owner("professional"); // templates, but no winning moments
    const b = templateBody();
    const twitter = b.sources[0] as Record<string, Record<string, unknown>>;
    Object.assign(twitter.winning_moments as object, {
      enabled: true,
      list: [{ date: "2026-06-02T12:00:00.000Z", won: false }],
    });
    Object.assign(twitter.exclude_accounts as object, { enabled: false, list: ["@competitor"] });
    const id = await create(s, b);
    expect(getPath((await row(id)).cbData, "sources.0.winning_moments.enabled")).toBe(false);
    expect(getPath((await row(id)).cbData, "sources.0.winning_moments.list")).toEqual([]);
    expect(getPath((await row(id)).cbData, "sources.0.exclude_accounts.list")).toEqual([]);
  });

  it("counts templates against the templates quota (403 templatesQuotaExceeded); a deleted one frees its place", async () => {
    await app();
    const { s } = await owner("premium"); // 1 template
    const first = await create(s, templateBody("First template"));
    const over = await s.call("POST", CREATE, templateBody("Second template"));
    expect(over.status).toBe(403);
    expect(await over.json()).toMatchObject({ error: "templatesQuotaExceeded", uid: expect.any(String) });
    expect((await s.call("DELETE", one(first))).status).toBe(200);
    await create(s, templateBody("Second template"));
  });

  it("answers one key and body with the first answer, and 409 for the key with another body", async () => {
    await app();
    const { s } = await owner();
    const b = templateBody();
    const [a, c] = await Promise.all([s.call("POST", CREATE, b), s.call("POST", CREATE, b)]);
    expect([a.status, c.status]).toEqual([201, 201]);
    expect(await a.json()).toEqual(await c.json());
    expect(await t.db.select().from(templates)).toHaveLength(1);
    const other = await s.call("POST", CREATE, { ...b, base: { ...b.base, name: "Other name" } });
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ error: "conflict" });
    expect(await t.db.select().from(idempotencyKeys)).toHaveLength(1);
  });
});

describe("permissions and teams", () => {
  it("lets every member read templates but asks create, update and delete permissions to change them", async () => {
    await app();
    const { s, teamId } = await owner();
    const id = await create(s, templateBody());
    const viewer = await signIn(t, "vera@brand.example", "Vera");
    await addMember(t, teamId, viewer, null);
    expect((await viewer.call("GET", LIST)).status).toBe(200);
    expect((await viewer.call("GET", one(id))).status).toBe(200);
    expect((await viewer.call("POST", CREATE, templateBody())).status).toBe(403);
    expect((await viewer.call("POST", one(id), templateBody("Renamed"))).status).toBe(403);
    expect((await viewer.call("DELETE", one(id))).status).toBe(403);

    const editor = await signIn(t, "ed@brand.example", "Ed");
    await addMember(t, teamId, editor, {
      "team.templates.create_templates": true,
      "team.templates.update_templates": true,
      "team.templates.delete_templates": true,
      "team.templates.view_templates": false,
    });
    expect((await editor.call("GET", LIST)).status).toBe(403);
    expect((await editor.call("POST", CREATE, templateBody("Editor's own"))).status).toBe(201);
    expect((await editor.call("POST", one(id), templateBody("Renamed"))).status).toBe(200);
    expect((await editor.call("DELETE", one(id))).status).toBe(200);
  });

  it("answers 404 for another team's template and 402 for a frozen team", async () => {
    await app();
    const { s, teamId } = await owner();
    const id = await create(s, templateBody());
    const { s: other } = await owner("business", "oscar@other.example");
    expect((await other.call("GET", one(id))).status).toBe(404);
    expect((await other.call("POST", one(id), templateBody())).status).toBe(404);
    expect((await other.call("DELETE", one(id))).status).toBe(404);
    expect(await (await other.call("GET", LIST)).json()).toMatchObject({ data: [] });

    await freeze(t, teamId);
    for (const [method, path, b] of [
      ["GET", LIST, undefined],
      ["GET", one(id), undefined],
      ["POST", CREATE, templateBody()],
      ["POST", one(id), templateBody()],
      ["DELETE", one(id), undefined],
    ] as const) {
      expect((await s.call(method, path, b)).status, `${method} ${path}`).toBe(402);
    }
  });
});

describe("reading, saving and deleting templates", () => {
  it("lists templates newest first, paged, in the list item shape with neighbours", async () => {
    await app();
    const { s } = await owner();
    const ids: string[] = [];
    for (const name of ["Template one", "Template two", "Template three"]) {
      ids.push(await create(s, templateBody(name)));
      now = new Date(now.getTime() + MIN);
    }
    const list = await (await s.call("GET", LIST)).json();
    for (const item of list.data) expectShape("stored/contest-list-item", item);
    expect(list.data.map((x: { name: string }) => x.name)).toEqual([
      "Template three",
      "Template two",
      "Template one",
    ]);
    expect(list.data[1]).toMatchObject({ status: "template", prev_id: ids[2], next_id: ids[0] });
    expect(list.meta).toEqual({ page: 1, per_page: 20, total: 3 });
    const page2 = await (await s.call("GET", `${LIST}?per_page=2&page=2`)).json();
    expect(page2.data.map((x: { _id: string }) => x._id)).toEqual([ids[0]]);
    expect(page2.data[0].prev_id).toBe(ids[1]);
  });

  it("saves a template again without touching contests made from the same form", async () => {
    await app();
    const { s, teamId } = await owner();
    const id = await create(s, templateBody());
    const contestId = newId();
    await t.db.insert(contests).values({
      id: contestId,
      teamId,
      name: "Weekly giveaway",
      status: "draft",
      cbData: (await row(id)).cbData,
      createdAt: at(0),
      updatedAt: at(0),
    });
    now = new Date(NOW.getTime() + 5 * MIN);
    const res = await s.call(
      "POST",
      one(id),
      templateBody("Monthly giveaway", { idempotency_key: undefined }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ template_id: id });
    expect(await row(id)).toMatchObject({ name: "Monthly giveaway", updatedAt: now.toISOString() });
    const contest = await first(t.db.select().from(contests).where(eq(contests.id, contestId)));
    expect(contest?.name).toBe("Weekly giveaway");
  });

  it("lists the uploads a template's media name (?with=files)", async () => {
    await app();
    const { s, teamId } = await owner();
    const uuid = randomUUID();
    await t.db
      .insert(uploads)
      .values({ id: uuid, teamId, sha256: "b".repeat(64), mime: "image/jpeg", size: 99, createdAt: at(0) });
    const b = templateBody();
    (b.sources[0] as { publication: { media: unknown } }).publication.media = {
      files: [{ uuid, mime: "image/jpeg", size: 99 }],
      count: 1,
    };
    const id = await create(s, b);
    const got = await (await s.call("GET", `${one(id)}?with=files`)).json();
    expectShape("stored/contest", got);
    expect(got.files).toEqual([{ uuid, mime: "image/jpeg" }]);
    expect(await t.db.select().from(accounts)).toEqual([]);
  });

  it("deletes a template: it reads as 404 and leaves the list", async () => {
    await app();
    const { s } = await owner();
    const id = await create(s, templateBody());
    const res = await s.call("DELETE", one(id));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect((await s.call("GET", one(id))).status).toBe(404);
    expect((await s.call("POST", one(id), templateBody())).status).toBe(404);
    expect((await (await s.call("GET", LIST)).json()).data).toEqual([]);
  });
});
