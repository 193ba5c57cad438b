import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SCHEMAS_DIR } from "../../engine/node/load-schemas";
import { rules } from "../../engine/rules/index";
import { parseRuleString } from "../../engine/rulestring/tokenize";
import features from "../../schemas/features.json";
import { signIn } from "../helpers/api-client";
import type { TestApp } from "../helpers/test-app";
import { currentTeamId, setPlan } from "../helpers/world";
import {
  A,
  buildWorld,
  contestPath,
  createContest,
  facebookSource,
  loadedImport,
  T0,
  twitterForm,
  type World,
} from "./lifecycle/helpers";

const ROOT = path.resolve(SCHEMAS_DIR, "..");

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(suffix))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The features that a rule of a schemas/ sidecar checks: the arguments of every rule whose parameter is a feature. */
function featuresCheckedByRules(): Set<string> {
  const out = new Set<string>();
  const takesFeature = new Set(
    Object.values(rules)
      .filter((r) => r.params.some((p) => p.kind === "feature"))
      .map((r) => r.name),
  );
  for (const file of filesUnder(SCHEMAS_DIR, ".rules.json")) {
    const sidecar = JSON.parse(readFileSync(file, "utf8")) as { fields?: Record<string, { rule?: string }> };
    for (const field of Object.values(sidecar.fields ?? {})) {
      if (typeof field.rule !== "string") continue;
      for (const rule of parseRuleString(field.rule)) {
        if (!takesFeature.has(rule.name)) continue;
        for (const arg of rule.args) if (arg.type === "bare") out.add(arg.value);
      }
    }
  }
  return out;
}

/** The features that a server route or service checks by name (requireFeature, or the team's features asked). */
function featuresCheckedByServer(): Set<string> {
  const out = new Set<string>();
  const checks = [
    /requireFeature\(\s*c,\s*"([^"]+)"/g,
    /teamFeatures\([^)]*\)\.includes\(\s*"([^"]+)"\s*\)/g,
    /teamFeatures\.has\(\s*"([^"]+)"\s*\)/g,
  ];
  for (const file of filesUnder(path.join(ROOT, "api"), ".ts")) {
    const text = readFileSync(file, "utf8");
    for (const check of checks) for (const m of text.matchAll(check)) out.add(m[1] as string);
  }
  return out;
}

describe("plan features", () => {
  it("are each enforced on the server: every feature of schemas/features.json is checked by a rule or a route", () => {
    const checked = new Set([...featuresCheckedByRules(), ...featuresCheckedByServer()]);
    const unchecked = features.features.map((f) => f.name).filter((name) => !checked.has(name));
    expect(unchecked).toEqual([]);
  });

  it("are checked only by the names schemas/features.json lists", () => {
    const known = new Set(features.features.map((f) => f.name));
    const checked = [...featuresCheckedByRules(), ...featuresCheckedByServer()];
    expect(checked.filter((name) => !known.has(name))).toEqual([]);
  });
});

describe("the multiplatform gate", { timeout: 30_000 }, () => {
  let w: World;
  afterEach(() => w.t.cleanup());

  /** A planned contest with an X (Twitter) and a Facebook source, with nothing else an advanced plan lacks. */
  function twoNetworks() {
    const form = oneNetwork();
    const facebook = facebookSource(w.t) as { winners_private_message: { enabled: boolean } };
    facebook.winners_private_message.enabled = false;
    return { ...form, sources: [...form.sources, facebook] };
  }

  function oneNetwork() {
    const form = twitterForm(w.t, T0);
    for (const source of form.sources as { winners_private_message: { enabled: boolean } }[]) {
      source.winners_private_message.enabled = false;
    }
    return form;
  }

  it("refuses a second network with 422 on the second source's type to a plan without it", async () => {
    w = await buildWorld("advanced");
    const form = twoNetworks();
    const res = await w.owner.call("POST", `${A}/contests/create`, {
      idempotency_key: randomUUID(),
      status: "planned",
      forPayment: false,
      base: form.base,
      sources: form.sources,
      summary: form.summary,
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors)).toEqual(["sources.1.type"]);
    expect(body.errors["sources.1.type"]).toEqual([
      "Your plan allows one network per contest: change your plan to add another network.",
    ]);
  });

  it("takes the same contest on a plan with it, and one network on a plan without it", async () => {
    w = await buildWorld("business");
    await expect(createContest(w, twoNetworks())).resolves.toEqual(expect.any(String));
    await w.t.cleanup();
    w = await buildWorld("advanced");
    await expect(createContest(w, oneNetwork())).resolves.toEqual(expect.any(String));
  });
});

describe("the templates gate", { timeout: 30_000 }, () => {
  let t: TestApp;
  afterEach(() => t.cleanup());

  async function templateCreate(plan: string) {
    const w = await buildWorld(plan);
    t = w.t;
    const form = twitterForm(t, T0);
    return w.owner.call("POST", `${A}/templates/create`, {
      idempotency_key: randomUUID(),
      status: "template",
      forPayment: false,
      base: form.base,
      sources: form.sources,
      summary: form.summary,
    });
  }

  it("refuses to save a template with 403 planNotSupported on a plan without it", async () => {
    const res = await templateCreate("advanced");
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: "planNotSupported" });
  });

  it("saves a template on a plan with it", async () => {
    expect((await templateCreate("business")).status).toBe(201);
  });

  it("refuses to change a template once the plan no longer has it", async () => {
    const res = await templateCreate("business");
    const { template_id: id } = (await res.json()) as { template_id: string };
    const s = await signIn(t, "olive@brand.example", "Olive");
    await setPlan(t, await currentTeamId(t, s.userId), "advanced");
    const form = twitterForm(t, T0);
    const update = await s.call("POST", `${A}/templates/${id}`, {
      status: "template",
      forPayment: false,
      base: form.base,
      sources: form.sources,
      summary: form.summary,
    });
    expect(update.status).toBe(403);
  });
});

describe("the freeLoad gate", { timeout: 30_000 }, () => {
  let w: World;
  afterEach(() => w.t.cleanup());

  const reload = (id: string) => w.owner.call("POST", `${contestPath(id)}/load_entries`, { consent: true });
  const imports = async () =>
    (
      (await (await w.owner.call("GET", `${A}/quotas`)).json()) as {
        data: { imports: { used: number; limit: number } };
      }
    ).data.imports;
  const importsUsed = async () => (await imports()).used;

  it("reloads a classic contest's entries without using an import on a plan with it", async () => {
    w = await buildWorld("business");
    const id = await loadedImport(w);
    const before = await importsUsed();
    expect((await reload(id)).status).toBe(200);
    expect(await importsUsed()).toBe(before);
  });

  it("uses an import of the month for a reload on a plan without it, and refuses one when none is left", async () => {
    w = await buildWorld("advanced");
    const id = await loadedImport(w);
    const before = await importsUsed();
    expect((await reload(id)).status).toBe(200);
    expect(await importsUsed()).toBe(before + 1);
    // The month's imports all used: the next reload is refused, the entries stay as they were.
    const quota = (await imports()).limit;
    for (let used = before + 1; used < quota; used++) expect((await reload(id)).status).toBe(200);
    const refused = await reload(id);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "importsQuotaExceeded" });
    expect(await importsUsed()).toBe(quota);
  });
});
