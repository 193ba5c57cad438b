import { describe, expect, it, vi } from "vitest";
import { type Actor, createActor, fromPromise, toPromise, waitFor } from "xstate";
import { MAXIMAL_NOW, maximalContest } from "../../../bench/fixtures/maximal-contest";
import {
  type BuilderCallInput,
  type BuilderInput,
  builderMachine,
  canAddSource,
  type LoadedOrigin,
  modalOf,
  type Origin,
  paneStates,
} from "../../../engine/builder/machine";
import { PANES, panesWithErrors } from "../../../engine/builder/selectors";
import { compileConfig } from "../../../engine/config/compile";
import type { BuilderConfig } from "../../../engine/config/types";
import { builderConfigFrom, loadSchemaSet } from "../../../engine/node/load-schemas";
import { FEATURE_NAMES } from "../../helpers/schema-facts";

const config: BuilderConfig = {
  base: {
    fields: {
      name: { rule: "required|string|between:4,50" },
      type: { rule: "required|in:tunnel", can_edit: false },
      start_date: { rule: "required|date" },
      close_date: { rule: "required|date" },
      "manual_check.enabled": { rule: "boolean|incompatible_with:base.autodraw.enabled" },
      "autodraw.enabled": { rule: "boolean|incompatible_with:base.manual_check.enabled" },
      "autodraw.date": {
        rule: "required|date|range_duration_after:base.close_date,0m,30d",
        when: ["autodraw.enabled"],
      },
    },
  },
  summary: { fields: { parameters_verified: { rule: "required|equals:true" } } },
  sources: {
    testnet: {
      fields: {
        "publication.content": { rule: "required|string|between:1,280" },
        "actions.like.enabled": { rule: "boolean" },
        "actions.comment.enabled": { rule: "boolean" },
        "actions.follow.enabled": {
          rule: "boolean|needs_any:sources.$SOURCE.actions.like.enabled,sources.$SOURCE.actions.comment.enabled",
        },
      },
      steps: [
        { id: "publication", tab: "publication", fields: ["publication"] },
        {
          id: "actions",
          tab: "actions",
          fields: ["actions"],
          at_least_one_of: ["actions.like.enabled", "actions.comment.enabled", "actions.follow.enabled"],
        },
      ],
    },
  },
  providers: { testnet: { maxSourcesLimitCB: 2 } },
  limits: {},
};
const compiled = compileConfig(config);

const NOW = new Date("2030-01-01T00:00:00.000Z");
const START = "2030-01-02T10:00:00.000Z";
const CLOSE = "2030-01-09T10:00:00.000Z";

function newTestnetSource() {
  return {
    publication: { content: "" },
    actions: { like: { enabled: false }, comment: { enabled: false }, follow: { enabled: false } },
  };
}

function validSource(id: number) {
  return {
    id,
    type: "testnet",
    publication: { content: "Like this post to win" },
    actions: { like: { enabled: true }, comment: { enabled: false }, follow: { enabled: false } },
  };
}

function validForm() {
  return {
    base: {
      name: "Summer giveaway",
      type: "tunnel",
      start_date: START,
      close_date: CLOSE,
      manual_check: { enabled: false },
      autodraw: { enabled: false },
    },
    sources: [validSource(100)],
    summary: { parameters_verified: true },
  };
}

function input(overrides: Partial<BuilderInput> = {}): BuilderInput {
  return {
    config: compiled,
    origin: { kind: "new" },
    now: () => NOW,
    teamFeatures: new Set(["contestBuilder"]),
    quotas: {},
    newSource: () => newTestnetSource(),
    newId: () => "key-1",
    ...overrides,
  };
}

function open<T extends Actor<typeof builderMachine>>(actor: T): T {
  actor.start();
  return actor;
}

/** A builder with the default placeholder actors. */
function builder(overrides: Partial<BuilderInput> = {}) {
  return open(createActor(builderMachine, { input: input(overrides) }));
}

/** A promise the test settles by hand, to look at the machine while a call is under way. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("opening the builder", () => {
  it("opens a new builder on the welcome pane without loading anything", () => {
    const actor = builder();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ editing: "idle" })).toBe(true);
    expect(snapshot.context.pane).toBe(0);
    expect(modalOf(snapshot)).toBeNull();
  });

  it("loads a draft first, then edits its form from the basic information pane", async () => {
    const loadOrigin = vi.fn(async ({ input: got }: { input: { origin: Origin } }) => {
      expect(got.origin).toEqual({ kind: "draft", id: "d1" });
      return { form: validForm() };
    });
    const actor = open(
      createActor(
        builderMachine.provide({
          actors: { loadOrigin: fromPromise<LoadedOrigin, { origin: Origin }>(loadOrigin) },
        }),
        {
          input: input({ origin: { kind: "draft", id: "d1" } }),
        },
      ),
    );
    expect(actor.getSnapshot().matches("loading")).toBe(true);
    const snapshot = await waitFor(actor, (s) => s.matches("editing"));
    expect(snapshot.context.form.base.name).toBe("Summer giveaway");
    expect(snapshot.context.form.base.original_start_date).toBe(START);
    expect(snapshot.context.pane).toBe(1);
  });

  it("offers a retry when the origin fails to load", async () => {
    let calls = 0;
    const actor = open(
      createActor(
        builderMachine.provide({
          actors: {
            loadOrigin: fromPromise<LoadedOrigin, { origin: Origin }>(async () => {
              calls += 1;
              if (calls === 1) throw new Error("network down");
              return { form: validForm(), paid_contest: true };
            }),
          },
        }),
        { input: input({ origin: { kind: "planned", id: "c1" } }) },
      ),
    );
    const failed = await waitFor(actor, (s) => s.matches("loadFailed"));
    expect(failed.context.loadError).toEqual(new Error("network down"));
    expect(failed.can({ type: "CANCEL" })).toBe(false);
    actor.send({ type: "RETRY" });
    const loaded = await waitFor(actor, (s) => s.matches("editing"));
    expect(loaded.context.origin).toEqual({ kind: "planned", id: "c1", paid_contest: true });
  });

  it("imports a template from the welcome pane into the form", async () => {
    const actor = open(
      createActor(
        builderMachine.provide({
          actors: {
            loadOrigin: fromPromise<LoadedOrigin, { origin: Origin }>(async () => ({ form: validForm() })),
          },
        }),
        { input: input() },
      ),
    );
    actor.send({ type: "IMPORT", origin: { kind: "template", id: "t1" } });
    const snapshot = await waitFor(actor, (s) => s.matches("editing"));
    expect(snapshot.context.origin).toEqual({ kind: "template", id: "t1" });
    expect(snapshot.context.form.sources).toHaveLength(1);
  });

  it("goes back to the form it had when an import from the welcome pane fails and the person cancels", async () => {
    const actor = open(
      createActor(
        builderMachine.provide({
          actors: {
            loadOrigin: fromPromise<LoadedOrigin, { origin: Origin }>(async () => {
              throw new Error("gone");
            }),
          },
        }),
        { input: input({ form: validForm() }) },
      ),
    );
    actor.send({ type: "IMPORT", origin: { kind: "draft", id: "d1" } });
    const failed = await waitFor(actor, (s) => s.matches("loadFailed"));
    expect(failed.can({ type: "CANCEL" })).toBe(true);
    actor.send({ type: "CANCEL" });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ editing: "idle" })).toBe(true);
    expect(snapshot.context.origin).toEqual({ kind: "new" });
    expect(snapshot.context.form.base.name).toBe("Summer giveaway");
  });
});

describe("moving between panes", () => {
  it("moves with Next through basic information, sources, each source and the summary", () => {
    const actor = builder({ form: { ...validForm(), sources: [validSource(100), validSource(101)] } });
    const panes = [actor.getSnapshot().context.pane];
    for (let i = 0; i < 6; i++) {
      actor.send({ type: "NEXT" });
      panes.push(actor.getSnapshot().context.pane);
    }
    expect(panes).toEqual([0, 1, 2, 100, 101, 3, 3]);
    expect(actor.getSnapshot().can({ type: "PREVIOUS" })).toBe(true);
    actor.send({ type: "PREVIOUS" });
    expect(actor.getSnapshot().context.pane).toBe(101);
  });

  it("keeps the person on a pane whose Next finds errors, and shows them", () => {
    const actor = builder({ form: { ...validForm(), base: { ...validForm().base, name: "ab" } } });
    actor.send({ type: "GO_TO_PANE", pane: 1 });
    actor.send({ type: "NEXT" });
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.pane).toBe(1);
    expect(Object.keys(snapshot.context.errors)).toEqual(["base.name"]);
    expect(snapshot.context.validated.has("base")).toBe(true);
    expect(paneStates(snapshot.context)[0]).toEqual({ pane: 1, part: "base", state: "INVALID" });
  });

  it("validates only the pane it leaves: a source's Next checks that source", () => {
    const actor = builder({ form: { ...validForm(), summary: {} } });
    actor.send({ type: "ADD_SOURCE", provider: "testnet" });
    expect(actor.getSnapshot().context.pane).toBe(101);
    actor.send({ type: "NEXT" });
    const { errors, pane } = actor.getSnapshot().context;
    expect(pane).toBe(101);
    expect(Object.keys(errors).sort()).toEqual(["sources.1.actions", "sources.1.publication.content"]);
  });

  it("opens any existing pane from the sidebar and refuses a pane that does not exist", () => {
    const actor = builder({ form: validForm() });
    expect(actor.getSnapshot().can({ type: "GO_TO_PANE", pane: 100 })).toBe(true);
    expect(actor.getSnapshot().can({ type: "GO_TO_PANE", pane: 4 })).toBe(false);
    expect(actor.getSnapshot().can({ type: "GO_TO_PANE", pane: 101 })).toBe(false);
    actor.send({ type: "GO_TO_PANE", pane: 3 });
    expect(actor.getSnapshot().context.pane).toBe(3);
  });

  it("adds a source after the largest id, opens its pane and closes the add-source modal", () => {
    const actor = builder();
    actor.send({ type: "OPEN", modal: "addSource" });
    expect(actor.getSnapshot().matches({ editing: "addSource" })).toBe(true);
    actor.send({ type: "ADD_SOURCE", provider: "testnet" });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ editing: "idle" })).toBe(true);
    expect(modalOf(snapshot)).toBeNull();
    expect(snapshot.context.pane).toBe(100);
    expect(snapshot.context.form.sources[0]).toEqual({ ...newTestnetSource(), id: 100, type: "testnet" });
  });

  it("refuses a source past the provider's maxSourcesLimitCB, and an unknown provider", () => {
    const actor = builder();
    actor.send({ type: "ADD_SOURCE", provider: "testnet" });
    actor.send({ type: "ADD_SOURCE", provider: "testnet" });
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.form.sources.map((s) => s.id)).toEqual([100, 101]);
    expect(canAddSource(snapshot.context, "testnet")).toBe(false);
    expect(snapshot.can({ type: "ADD_SOURCE", provider: "testnet" })).toBe(false);
    expect(snapshot.can({ type: "ADD_SOURCE", provider: "othernet" })).toBe(false);
    expect(snapshot.can({ type: "OPEN", modal: "addSource" })).toBe(false);
  });

  it("asks before deleting a source, then removes it, moves later errors down and returns to pane 2", () => {
    const actor = builder({ form: { ...validForm(), sources: [validSource(100), validSource(101)] } });
    actor.send({ type: "CHANGE", path: "sources.1.publication.content", value: "" });
    actor.send({ type: "BLUR", path: "sources.1.publication.content" });
    actor.send({ type: "GO_TO_PANE", pane: 101 });
    actor.send({ type: "DELETE_SOURCE", id: 100 });
    expect(modalOf(actor.getSnapshot())).toEqual({ name: "deleteSource", sourceId: 100 });
    actor.send({ type: "CONFIRM" });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ editing: "idle" })).toBe(true);
    expect(snapshot.context.pane).toBe(2);
    expect(snapshot.context.form.sources.map((s) => s.id)).toEqual([101]);
    expect(Object.keys(snapshot.context.errors)).toEqual(["sources.0.publication.content"]);
    expect([...snapshot.context.validated]).toEqual(["sources.0.publication.content"]);
  });

  it("keeps the source when the delete is cancelled", () => {
    const actor = builder({ form: validForm() });
    actor.send({ type: "DELETE_SOURCE", id: 100 });
    actor.send({ type: "CANCEL" });
    expect(actor.getSnapshot().context.form.sources).toHaveLength(1);
    expect(actor.getSnapshot().can({ type: "DELETE_SOURCE", id: 555 })).toBe(false);
  });
});

describe("validation as the form changes", () => {
  it("changes the form on each keystroke and shows no new error while the text is typed", () => {
    const actor = builder();
    actor.send({ type: "GO_TO_PANE", pane: PANES.base });
    actor.send({ type: "CHANGE", path: "base.name", value: "ab" });
    expect(actor.getSnapshot().context.form.base.name).toBe("ab");
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: "BLUR", path: "base.name" });
    expect(actor.getSnapshot().context.errors["base.name"]?.[0]?.rule).toBe("between");
  });

  it("drops a text's error on the keystroke that fixes it", () => {
    const actor = builder();
    actor.send({ type: "CHANGE", path: "base.name", value: "ab" });
    actor.send({ type: "BLUR", path: "base.name" });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(["base.name"]);
    actor.send({ type: "CHANGE", path: "base.name", value: "abcd" });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it("shows the error of a date or a choice as soon as it is picked, and only the fields reached", () => {
    const actor = builder();
    actor.send({ type: "CHANGE", path: "base.name", value: "ab" });
    actor.send({ type: "CHANGE", path: "base.start_date", value: "not a date" });
    const { errors, validated } = actor.getSnapshot().context;
    expect(Object.keys(errors)).toEqual(["base.start_date"]);
    expect(errors["base.start_date"]?.[0]?.rule).toBe("date");
    expect([...validated]).toEqual(["base.start_date"]);
  });

  it("shows the errors of untouched fields once the person leaves their pane, by Next or by the sidebar", () => {
    const actor = builder();
    actor.send({ type: "GO_TO_PANE", pane: PANES.base });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: "GO_TO_PANE", pane: PANES.summary });
    expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual([
      "base.close_date",
      "base.name",
      "base.start_date",
    ]);
    expect(paneStates(actor.getSnapshot().context)[0]?.state).toBe("INVALID");
  });

  it("shows a source's errors tab by tab as the person leaves each tab", () => {
    const actor = builder({ form: validForm() });
    actor.send({ type: "ADD_SOURCE", provider: "testnet" });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: "LEAVE_TAB", part: "sources.1", tab: "publication" });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(["sources.1.publication.content"]);
    actor.send({ type: "LEAVE_TAB", part: "sources.1", tab: "actions" });
    expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual([
      "sources.1.actions",
      "sources.1.publication.content",
    ]);
  });

  it("keeps the same errors object when a change leaves the errors as they were", () => {
    const actor = builder();
    actor.send({ type: "CHANGE", path: "base.start_date", value: "not a date" });
    const before = actor.getSnapshot().context.errors;
    actor.send({ type: "CHANGE", path: "base.name", value: "Another name" });
    expect(actor.getSnapshot().context.errors).toBe(before);
  });

  it("keeps the side pane, the sidebar and the pane header on the same errors at every step", () => {
    const actor = builder();
    const agree = () => {
      const { context } = actor.getSnapshot();
      for (const entry of paneStates(context)) {
        const listed = panesWithErrors(context.form, context.errors).some((p) => p.pane === entry.pane);
        expect(entry.state === "INVALID", `${entry.part}`).toBe(listed);
      }
    };
    const steps: Parameters<typeof actor.send>[0][] = [
      { type: "GO_TO_PANE", pane: PANES.base },
      { type: "CHANGE", path: "base.name", value: "ab" },
      { type: "BLUR", path: "base.name" },
      { type: "ADD_SOURCE", provider: "testnet" },
      { type: "LEAVE_TAB", part: "sources.0", tab: "actions" },
      { type: "TOGGLE", path: "sources.0.actions.like.enabled", on: true },
      { type: "CHANGE", path: "base.name", value: "A good name" },
      { type: "SUBMIT" },
    ];
    for (const step of steps) {
      actor.send(step);
      agree();
    }
  });

  it("refuses changes to fields the person may not edit", () => {
    const actor = builder({ form: validForm() });
    expect(actor.getSnapshot().can({ type: "CHANGE", path: "base.type", value: "classic" })).toBe(false);
    expect(actor.getSnapshot().can({ type: "CHANGE", path: "sources.0.type", value: "x" })).toBe(false);
    expect(
      actor.getSnapshot().can({ type: "CHANGE", path: "sources.3.publication.content", value: "x" }),
    ).toBe(false);
    expect(actor.getSnapshot().can({ type: "CHANGE", path: "base.original_start_date", value: START })).toBe(
      false,
    );
    expect(
      actor.getSnapshot().can({ type: "CHANGE", path: "sources.0.publication.content", value: "x" }),
    ).toBe(true);
  });
});

describe("feature ties", () => {
  it("switches off the option a new one excludes, and says so", () => {
    const form = validForm();
    const actor = builder({ form: { ...form, base: { ...form.base, autodraw: { enabled: true } } } });
    actor.send({ type: "TOGGLE", path: "base.manual_check.enabled", on: true });
    const { context } = actor.getSnapshot();
    expect(context.form.base.manual_check).toEqual({ enabled: true });
    expect(context.form.base.autodraw).toEqual({ enabled: false });
    expect(context.notice).toEqual({
      kind: "switchedOff",
      path: "base.manual_check.enabled",
      switchedOff: ["base.autodraw.enabled"],
    });
  });

  it("refuses to switch off an action another one needs, leaving the form alone", () => {
    const form = validForm();
    const source = {
      ...validSource(100),
      actions: { ...validSource(100).actions, follow: { enabled: true } },
    };
    const actor = builder({ form: { ...form, sources: [source] } });
    const before = actor.getSnapshot().context.form;
    actor.send({ type: "TOGGLE", path: "sources.0.actions.like.enabled", on: false });
    const { context } = actor.getSnapshot();
    expect(context.form).toBe(before);
    expect(context.notice).toEqual({
      kind: "blocked",
      path: "sources.0.actions.like.enabled",
      blockedBy: ["sources.0.actions.follow.enabled"],
    });
    actor.send({ type: "DISMISS_NOTICE" });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it("validates the part again after a toggle when the part was already validated", () => {
    const form = validForm();
    const off = { like: { enabled: false }, comment: { enabled: false }, follow: { enabled: false } };
    const actor = builder({ form: { ...form, sources: [{ ...validSource(100), actions: off }] } });
    actor.send({ type: "GO_TO_PANE", pane: 100 });
    actor.send({ type: "NEXT" });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(["sources.0.actions"]);
    actor.send({ type: "TOGGLE", path: "sources.0.actions.comment.enabled", on: true });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });
});

describe("re-validating what a rule ties to a change", () => {
  const followAlone = () => {
    const form = validForm();
    const actions = { like: { enabled: false }, comment: { enabled: false }, follow: { enabled: true } };
    return { ...form, sources: [{ ...validSource(100), actions }] };
  };

  it('drops "can\'t be checked alone" from follow as soon as an action it needs comes on', () => {
    const actor = builder({ form: followAlone() });
    actor.send({ type: "BLUR", path: "sources.0.actions.follow.enabled" });
    expect(actor.getSnapshot().context.errors["sources.0.actions.follow.enabled"]?.[0]?.rule).toBe(
      "needs_any",
    );
    actor.send({ type: "TOGGLE", path: "sources.0.actions.like.enabled", on: true });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it("drops it after a submit too, when the action comes on through a plain change", () => {
    const actor = builder({ form: followAlone() });
    actor.send({ type: "SUBMIT" });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(["sources.0.actions.follow.enabled"]);
    actor.send({ type: "CHANGE", path: "sources.0.actions.comment.enabled", value: true });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it("shows a new error on a field already validated when the date it is measured from moves", () => {
    const form = validForm();
    const draw = { enabled: true, date: "2030-01-10T10:00:00.000Z" };
    const actor = builder({ form: { ...form, base: { ...form.base, autodraw: draw } } });
    actor.send({ type: "BLUR", path: "base.autodraw.date" });
    expect(actor.getSnapshot().context.errors).toEqual({});
    // A close date after the draw date: the draw date, validated before, is now out of its window.
    actor.send({ type: "CHANGE", path: "base.close_date", value: "2030-01-11T10:00:00.000Z" });
    expect(actor.getSnapshot().context.errors["base.autodraw.date"]?.[0]?.rule).toBe("range_duration_after");
  });

  it("leaves fields nobody has reached alone", () => {
    const form = validForm();
    const draw = { enabled: true, date: "2030-01-10T10:00:00.000Z" };
    const actor = builder({ form: { ...form, base: { ...form.base, autodraw: draw } } });
    actor.send({ type: "CHANGE", path: "base.close_date", value: "2030-01-11T10:00:00.000Z" });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  describe("on the real schemas", () => {
    const real = compileConfig(builderConfigFrom(loadSchemaSet()));
    const twitter = (form: ReturnType<typeof maximalContest>) =>
      form.sources.findIndex((s) => s.type === "twitter");
    const realBuilder = (form: ReturnType<typeof maximalContest>) =>
      builder({
        config: real,
        form,
        now: () => MAXIMAL_NOW,
        teamFeatures: new Set(FEATURE_NAMES),
        quotas: { winners: 500 },
      });

    it("waits for the person to leave a typed text before re-validating the fields that read it", () => {
      const form = maximalContest();
      const t = twitter(form);
      const list = `sources.${t}.actions.follow.other_accounts.list`;
      const content = `sources.${t}.publication.content`;
      const actor = realBuilder(form);
      actor.send({ type: "SUBMIT" });
      expect(actor.getSnapshot().context.errors).toEqual({});
      actor.send({ type: "CANCEL" });
      actor.send({ type: "CHANGE", path: content, value: "No mention here" });
      expect(actor.getSnapshot().context.errors[list]).toBeUndefined();
      actor.send({ type: "BLUR", path: content });
      expect(actor.getSnapshot().context.errors[list]?.[0]?.rule).toBe("accounts_mentioned_in");
    });

    const instagram = (form: ReturnType<typeof maximalContest>) =>
      form.sources.findIndex((s) => s.type === "instagram");

    it("knows before Create that an Instagram publication needs a media, and drops it once a file is there", () => {
      const form = maximalContest();
      const i = instagram(form);
      const media = (form.sources[i] as { publication: { media: unknown } }).publication.media;
      const actor = realBuilder(form);
      actor.send({ type: "CHANGE", path: `sources.${i}.publication.media`, value: { files: [], count: 0 } });
      const files = `sources.${i}.publication.media.files`;
      expect(actor.getSnapshot().context.errors[files]?.[0]?.key).toBe("validation.required");
      expect(paneStates(actor.getSnapshot().context).find((e) => e.part === `sources.${i}`)?.state).toBe(
        "INVALID",
      );
      actor.send({ type: "CHANGE", path: `sources.${i}.publication.media`, value: media });
      expect(actor.getSnapshot().context.errors).toEqual({});
    });

    it("knows before Create that Instagram takes no PNG image, on the media field, and drops it for a JPEG", () => {
      const form = maximalContest();
      const i = instagram(form);
      const path = `sources.${i}.publication.media`;
      const actor = realBuilder(form);
      const png = { files: [{ uuid: "u-png", mime: "image/png", size: 250_000 }], count: 1 };
      actor.send({ type: "CHANGE", path, value: png });
      expect(actor.getSnapshot().context.errors[path]?.[0]).toMatchObject({
        key: "validation.image_types",
        values: { types: "JPEG" },
      });
      const jpeg = { files: [{ uuid: "u-jpg", mime: "image/jpeg", size: 250_000 }], count: 1 };
      actor.send({ type: "CHANGE", path, value: jpeg });
      expect(actor.getSnapshot().context.errors).toEqual({});
    });

    it("knows before Create that a private message needs a contest shorter than 7 days", () => {
      const form = maximalContest();
      const i = instagram(form);
      const pm = `sources.${i}.winners_private_message.enabled`;
      const actor = realBuilder(form);
      actor.send({ type: "LEAVE_TAB", part: `sources.${i}`, tab: "others" });
      expect(actor.getSnapshot().context.errors).toEqual({});
      const start = new Date(form.base.start_date as string).getTime();
      const tenDays = new Date(start + 10 * 86_400_000).toISOString();
      actor.send({ type: "CHANGE", path: "base.close_date", value: tenDays });
      expect(actor.getSnapshot().context.errors[pm]?.[0]?.key).toBe("validation.private_message.duration");
      actor.send({ type: "TOGGLE", path: pm, on: false });
      expect(actor.getSnapshot().context.errors[pm]).toBeUndefined();
    });

    it("drops a required keywords list's error as soon as a keyword is added", () => {
      const form = maximalContest();
      const i = instagram(form);
      const list = `sources.${i}.actions.comment.keywords.list`;
      const actor = realBuilder(form);
      actor.send({ type: "CHANGE", path: list, value: [] });
      expect(actor.getSnapshot().context.errors[list]).toBeDefined();
      actor.send({ type: "CHANGE", path: list, value: ["coffee"] });
      expect(actor.getSnapshot().context.errors[list]).toBeUndefined();
    });

    it("shows no error about a part locked off for the network (TikTok's reminders), whatever the loaded form has in it", () => {
      const form = maximalContest();
      const k = form.sources.findIndex((s) => s.type === "tiktok");
      const reminders = (form.sources[k] as { reminders: { enabled: boolean; list: { content: string }[] } })
        .reminders;
      // Sent on, with a list that breaks its rules: as a form saved before the lock, or another client, has it.
      reminders.enabled = true;
      for (const r of reminders.list) r.content = "x".repeat(400);
      const actor = realBuilder(form);
      actor.send({ type: "SUBMIT" });
      expect(actor.getSnapshot().context.errors).toEqual({});
    });

    it("re-validates the close date once the new start date is confirmed, not while it waits", () => {
      const form = maximalContest();
      const actor = realBuilder(form);
      actor.send({ type: "SUBMIT" });
      actor.send({ type: "CANCEL" });
      const close = new Date(form.base.close_date as string).getTime();
      const lateStart = new Date(close - 60_000).toISOString();
      actor.send({ type: "CHANGE", path: "base.start_date", value: lateStart });
      expect(modalOf(actor.getSnapshot())?.name).toBe("updateContestDates");
      expect(actor.getSnapshot().context.errors["base.close_date"]).toBeUndefined();
      actor.send({ type: "CONFIRM" });
      expect(actor.getSnapshot().context.errors["base.close_date"]?.[0]?.rule).toBe("range_duration_after");
    });

    it("re-validates the reminder dates of every source when the close date is picked", () => {
      const form = maximalContest();
      const t = twitter(form);
      const actor = realBuilder(form);
      actor.send({ type: "SUBMIT" });
      actor.send({ type: "CANCEL" });
      const start = form.base.start_date as string;
      const earlyClose = new Date(new Date(start).getTime() + 2 * 60_000).toISOString();
      actor.send({ type: "CHANGE", path: "base.close_date", value: earlyClose });
      const { errors } = actor.getSnapshot().context;
      expect(errors[`sources.${t}.reminders.list.0.creation_date`]?.[0]?.rule).toBe("before_field");
      // The close date itself, 2 minutes after the start, is out of its 5-minute to 60-day window.
      expect(errors["base.close_date"]?.[0]?.rule).toBe("range_duration_after");
    });
  });
});

describe("the update-dates confirmation", () => {
  it("applies a new start at once while there is no close date", () => {
    const actor = builder();
    actor.send({ type: "CHANGE", path: "base.start_date", value: START });
    expect(actor.getSnapshot().matches({ editing: "idle" })).toBe(true);
    expect(actor.getSnapshot().context.form.base.start_date).toBe(START);
  });

  it("asks when the start changes while a close date exists; confirming applies it as the new original", () => {
    const actor = builder({ form: validForm() });
    const moved = "2030-01-03T10:00:00.000Z";
    actor.send({ type: "CHANGE", path: "base.start_date", value: moved });
    let snapshot = actor.getSnapshot();
    expect(snapshot.matches({ editing: "updateContestDates" })).toBe(true);
    expect(modalOf(snapshot)).toEqual({ name: "updateContestDates" });
    expect(snapshot.context.pendingStart).toBe(moved);
    expect(snapshot.context.form.base.start_date).toBe(START);
    actor.send({ type: "CONFIRM" });
    snapshot = actor.getSnapshot();
    expect(snapshot.matches({ editing: "idle" })).toBe(true);
    expect(snapshot.context.form.base.start_date).toBe(moved);
    expect(snapshot.context.form.base.original_start_date).toBe(moved);
    expect(snapshot.context.pendingStart).toBeNull();
  });

  it("does not ask when the start is cleared", () => {
    const actor = builder({ form: validForm() });
    actor.send({ type: "CHANGE", path: "base.start_date", value: null });
    expect(actor.getSnapshot().matches({ editing: "idle" })).toBe(true);
    expect(actor.getSnapshot().context.form.base.start_date).toBeNull();
  });

  it("keeps the old start when the person cancels", () => {
    const actor = builder({ form: validForm() });
    actor.send({ type: "CHANGE", path: "base.start_date", value: "2030-01-03T10:00:00.000Z" });
    actor.send({ type: "CANCEL" });
    expect(actor.getSnapshot().context.form.base.start_date).toBe(START);
    expect(actor.getSnapshot().context.form.base.original_start_date).toBe(START);
  });

  it("does not ask when the start goes back to the original start, however the date is written", () => {
    const form = validForm();
    const actor = builder({ form: { ...form, base: { ...form.base, close_date: null } } });
    // Without a close date the start changes at once; the original stays the start the form opened with.
    actor.send({ type: "CHANGE", path: "base.start_date", value: "2030-01-04T10:00:00.000Z" });
    actor.send({ type: "CHANGE", path: "base.close_date", value: CLOSE });
    actor.send({ type: "CHANGE", path: "base.start_date", value: "2030-01-02T11:00:00+01:00" });
    expect(actor.getSnapshot().matches({ editing: "idle" })).toBe(true);
    expect(actor.getSnapshot().context.form.base.start_date).toBe("2030-01-02T11:00:00+01:00");
    actor.send({ type: "CHANGE", path: "base.start_date", value: "2030-01-05T10:00:00.000Z" });
    expect(actor.getSnapshot().matches({ editing: "updateContestDates" })).toBe(true);
  });
});

describe("submitting", () => {
  it("stays in editing with every error shown and every part marked validated when the form is invalid", () => {
    const actor = builder();
    actor.send({ type: "ADD_SOURCE", provider: "testnet" });
    actor.send({ type: "SUBMIT" });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ editing: "idle" })).toBe(true);
    expect(Object.keys(snapshot.context.errors).sort()).toEqual([
      "base.close_date",
      "base.name",
      "base.start_date",
      "sources.0.actions",
      "sources.0.publication.content",
      "summary.parameters_verified",
    ]);
    expect(paneStates(snapshot.context).map((e) => [e.part, e.state])).toEqual([
      ["base", "INVALID"],
      ["sources", "VALID"],
      ["sources.0", "INVALID"],
      ["summary", "INVALID"],
    ]);
  });

  it("takes the person from Summary to the first pane with an error on a refused submit, and counts it", () => {
    const form = validForm();
    const actor = builder({ form: { ...form, base: { ...form.base, name: "" } } });
    actor.send({ type: "GO_TO_PANE", pane: PANES.summary });
    expect(actor.getSnapshot().context.refusedSubmits).toBe(0);
    actor.send({ type: "SUBMIT" });
    expect(actor.getSnapshot().matches({ editing: "idle" })).toBe(true);
    expect(actor.getSnapshot().context.pane).toBe(PANES.base);
    expect(actor.getSnapshot().context.refusedSubmits).toBe(1);
    expect(panesWithErrors(actor.getSnapshot().context.form, actor.getSnapshot().context.errors)).toEqual([
      { pane: PANES.base, paths: ["base.name"] },
    ]);
  });

  it("goes to a source's pane when only that source has an error", () => {
    const actor = builder({ form: validForm() });
    actor.send({ type: "CHANGE", path: "sources.0.publication.content", value: "" });
    actor.send({ type: "GO_TO_PANE", pane: PANES.summary });
    actor.send({ type: "SUBMIT" });
    const { context } = actor.getSnapshot();
    expect(context.pane).toBe(context.form.sources[0]?.id);
  });

  it("stops at the create-paid-contest dialog when the team lacks contestBuilder and the contest is not paid", () => {
    const actor = builder({ form: validForm(), teamFeatures: new Set() });
    actor.send({ type: "SUBMIT" });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ submit: "createPaidContestDialog" })).toBe(true);
    expect(modalOf(snapshot)).toEqual({ name: "createPaidContest" });
    expect(snapshot.can({ type: "HOLD_CONFIRMED" })).toBe(false);
    actor.send({ type: "CANCEL" });
    expect(actor.getSnapshot().matches({ editing: "idle" })).toBe(true);
  });

  it("saves a draft for payment from the create-paid-contest dialog", async () => {
    const saveDraft = vi.fn(async (_: { input: BuilderCallInput }) => ({ contest_id: "d9" }));
    const actor = open(
      createActor(builderMachine.provide({ actors: { saveDraft: fromPromise(saveDraft) } }), {
        input: input({ form: validForm(), teamFeatures: new Set() }),
      }),
    );
    actor.send({ type: "SUBMIT" });
    actor.send({ type: "CONFIRM" });
    expect(await toPromise(actor)).toEqual({ kind: "draftSaved", id: "d9", forPayment: true });
    expect(saveDraft.mock.calls[0]?.[0].input.forPayment).toBe(true);
  });

  it("goes to the create-contest dialog for a paid contest even without contestBuilder", () => {
    const actor = builder({
      form: validForm(),
      teamFeatures: new Set(),
      origin: { kind: "draft", id: "d1", paid_contest: true },
    });
    actor.send({ type: "SUBMIT" });
    expect(actor.getSnapshot().matches({ submit: "createContestDialog" })).toBe(true);
  });

  it("creates the contest after the hold-to-confirm and ends with its id", async () => {
    const call = deferred<{ contest_id: string }>();
    const submitContest = vi.fn((_: { input: BuilderCallInput }) => call.promise);
    const actor = open(
      createActor(builderMachine.provide({ actors: { submitContest: fromPromise(submitContest) } }), {
        input: input({ form: validForm() }),
      }),
    );
    actor.send({ type: "SUBMIT" });
    expect(actor.getSnapshot().matches({ submit: "createContestDialog" })).toBe(true);
    expect(modalOf(actor.getSnapshot())).toEqual({ name: "createContest" });
    actor.send({ type: "HOLD_CONFIRMED" });
    expect(actor.getSnapshot().matches({ submit: "submitting" })).toBe(true);
    expect(submitContest.mock.calls[0]?.[0].input).toMatchObject({
      idempotencyKey: "key-1",
      call: { method: "create" },
      forPayment: false,
      form: { base: { name: "Summer giveaway" } },
    });
    call.resolve({ contest_id: "c1" });
    expect(await toPromise(actor)).toEqual({ kind: "created", contestId: "c1" });
    expect(actor.getSnapshot().matches("created")).toBe(true);
  });

  it("updates a planned contest when the builder was opened on one", async () => {
    const submitContest = vi.fn(async (_: { input: BuilderCallInput }) => ({ contest_id: "c7" }));
    const actor = open(
      createActor(builderMachine.provide({ actors: { submitContest: fromPromise(submitContest) } }), {
        input: input({ form: validForm(), origin: { kind: "planned", id: "c7" } }),
      }),
    );
    actor.send({ type: "SUBMIT" });
    actor.send({ type: "HOLD_CONFIRMED" });
    expect(await toPromise(actor)).toEqual({ kind: "created", contestId: "c7" });
    expect(submitContest.mock.calls[0]?.[0].input.call).toEqual({ method: "update", id: "c7" });
  });

  it("shows a failed submit with its error, and a retry sends the same idempotency key", async () => {
    const newId = vi.fn(() => "key-42");
    let calls = 0;
    const keys: string[] = [];
    const actor = open(
      createActor(
        builderMachine.provide({
          actors: {
            submitContest: fromPromise(async ({ input: got }: { input: BuilderCallInput }) => {
              keys.push(got.idempotencyKey);
              calls += 1;
              if (calls === 1) throw { error: "server", uid: "e-1" };
              return { contest_id: "c2" };
            }),
          },
        }),
        { input: input({ form: validForm(), newId }) },
      ),
    );
    actor.send({ type: "SUBMIT" });
    actor.send({ type: "HOLD_CONFIRMED" });
    const failed = await waitFor(actor, (s) => s.matches({ submit: "failed" }));
    expect(failed.context.submitError).toEqual({ error: "server", uid: "e-1" });
    expect(failed.can({ type: "RETRY" })).toBe(true);
    actor.send({ type: "RETRY" });
    expect(actor.getSnapshot().context.submitError).toBeNull();
    expect(await toPromise(actor)).toEqual({ kind: "created", contestId: "c2" });
    expect(keys).toEqual(["key-42", "key-42"]);
    expect(newId).toHaveBeenCalledTimes(1);
  });

  it("keeps the idempotency key when the person cancels a failed submit and submits again", async () => {
    const keys: string[] = [];
    const actor = open(
      createActor(
        builderMachine.provide({
          actors: {
            submitContest: fromPromise<{ contest_id: string }, BuilderCallInput>(async ({ input: got }) => {
              keys.push(got.idempotencyKey);
              throw new Error("nope");
            }),
          },
        }),
        { input: input({ form: validForm() }) },
      ),
    );
    for (let i = 0; i < 2; i++) {
      actor.send({ type: "SUBMIT" });
      actor.send({ type: "HOLD_CONFIRMED" });
      await waitFor(actor, (s) => s.matches({ submit: "failed" }));
      actor.send({ type: "CANCEL" });
    }
    expect(actor.getSnapshot().matches({ editing: "idle" })).toBe(true);
    expect(keys).toEqual(["key-1", "key-1"]);
  });

  it("treats an answer without a contest id as a failure", async () => {
    const actor = open(
      createActor(
        builderMachine.provide({
          actors: { submitContest: fromPromise(async () => ({}) as { contest_id: string }) },
        }),
        {
          input: input({ form: validForm() }),
        },
      ),
    );
    actor.send({ type: "SUBMIT" });
    actor.send({ type: "HOLD_CONFIRMED" });
    const failed = await waitFor(actor, (s) => s.matches({ submit: "failed" }));
    expect(String(failed.context.submitError)).toContain("contest_id");
  });

  it("fails clearly when the app has not provided the submit actor", async () => {
    const actor = builder({ form: validForm() });
    actor.send({ type: "SUBMIT" });
    actor.send({ type: "HOLD_CONFIRMED" });
    const failed = await waitFor(actor, (s) => s.matches({ submit: "failed" }));
    expect(String(failed.context.submitError)).toContain('"submitContest" actor is not provided');
  });
});

describe("saving a draft", () => {
  it("saves a form full of errors as long as the name is valid", async () => {
    const saveDraft = vi.fn(async (_: { input: BuilderCallInput }) => ({ contest_id: "d2" }));
    const actor = open(
      createActor(builderMachine.provide({ actors: { saveDraft: fromPromise(saveDraft) } }), {
        input: input({ form: { base: { name: "Only a name" }, sources: [], summary: {} } }),
      }),
    );
    actor.send({ type: "SAVE_DRAFT" });
    expect(actor.getSnapshot().matches({ saveDraft: "saving" })).toBe(true);
    expect(modalOf(actor.getSnapshot())).toEqual({ name: "saveDraft" });
    expect(await toPromise(actor)).toEqual({ kind: "draftSaved", id: "d2", forPayment: false });
    expect(saveDraft.mock.calls[0]?.[0].input.call).toEqual({ method: "create" });
  });

  it("does not save a draft without a valid name, and shows only the name's error", () => {
    const form = validForm();
    const actor = builder({ form: { ...form, base: { ...form.base, name: "", start_date: "not a date" } } });
    actor.send({ type: "SAVE_DRAFT" });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ editing: "idle" })).toBe(true);
    expect(Object.keys(snapshot.context.errors)).toEqual(["base.name"]);
  });

  it("updates the draft the builder was opened on, and can retry a failed save", async () => {
    let calls = 0;
    const actor = open(
      createActor(
        builderMachine.provide({
          actors: {
            saveDraft: fromPromise(async ({ input: got }: { input: BuilderCallInput }) => {
              calls += 1;
              if (calls === 1) throw new Error("timeout");
              expect(got.call).toEqual({ method: "update", id: "d1" });
              return { contest_id: "d1" };
            }),
          },
        }),
        { input: input({ form: validForm(), origin: { kind: "draft", id: "d1" } }) },
      ),
    );
    actor.send({ type: "SAVE_DRAFT" });
    await waitFor(actor, (s) => s.matches({ saveDraft: "failed" }));
    actor.send({ type: "RETRY" });
    expect(await toPromise(actor)).toEqual({ kind: "draftSaved", id: "d1", forPayment: false });
  });
});

describe("exporting a template", () => {
  it("validates the name, asks in a dialog, then saves the template", async () => {
    const exportTemplate = vi.fn(async (_: { input: BuilderCallInput }) => ({ template_id: "t2" }));
    const actor = open(
      createActor(builderMachine.provide({ actors: { exportTemplate: fromPromise(exportTemplate) } }), {
        input: input({ form: { base: { name: "Reusable" }, sources: [], summary: {} } }),
      }),
    );
    actor.send({ type: "EXPORT_TEMPLATE" });
    expect(actor.getSnapshot().matches({ exportTemplate: "exportTemplateDialog" })).toBe(true);
    expect(modalOf(actor.getSnapshot())).toEqual({ name: "exportTemplate" });
    expect(exportTemplate).not.toHaveBeenCalled();
    actor.send({ type: "CONFIRM" });
    expect(await toPromise(actor)).toEqual({ kind: "templateSaved", id: "t2" });
  });

  it("updates the template the builder was opened on", async () => {
    const exportTemplate = vi.fn(async (_: { input: BuilderCallInput }) => ({ template_id: "t1" }));
    const actor = open(
      createActor(builderMachine.provide({ actors: { exportTemplate: fromPromise(exportTemplate) } }), {
        input: input({ form: validForm(), origin: { kind: "template", id: "t1" } }),
      }),
    );
    actor.send({ type: "EXPORT_TEMPLATE" });
    actor.send({ type: "CONFIRM" });
    await toPromise(actor);
    expect(exportTemplate.mock.calls[0]?.[0].input.call).toEqual({ method: "update", id: "t1" });
  });

  it("goes back to editing without saving when the name is invalid or the dialog is cancelled", () => {
    const actor = builder();
    actor.send({ type: "EXPORT_TEMPLATE" });
    expect(actor.getSnapshot().matches({ editing: "idle" })).toBe(true);
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(["base.name"]);
    actor.send({ type: "CHANGE", path: "base.name", value: "Reusable" });
    actor.send({ type: "EXPORT_TEMPLATE" });
    actor.send({ type: "CANCEL" });
    expect(actor.getSnapshot().matches({ editing: "idle" })).toBe(true);
    expect(modalOf(actor.getSnapshot())).toBeNull();
  });
});

describe("modals and closing", () => {
  it("closes the open modal when another one opens", () => {
    const actor = builder({ form: validForm() });
    actor.send({ type: "OPEN", modal: "builderSettings" });
    expect(actor.getSnapshot().matches({ editing: "builderSettings" })).toBe(true);
    actor.send({ type: "OPEN", modal: "manageShortlinks" });
    expect(actor.getSnapshot().matches({ editing: "manageShortlinks" })).toBe(true);
    actor.send({ type: "DELETE_SOURCE", id: 100 });
    expect(actor.getSnapshot().matches({ editing: "deleteSource" })).toBe(true);
    expect(modalOf(actor.getSnapshot())).toEqual({ name: "deleteSource", sourceId: 100 });
    actor.send({ type: "CLOSE" });
    expect(actor.getSnapshot().matches({ editing: "closeBuilder" })).toBe(true);
    expect(modalOf(actor.getSnapshot())).toEqual({ name: "closeBuilder" });
  });

  it("asks before closing; cancelling keeps the builder open, confirming ends it", async () => {
    const actor = builder();
    actor.send({ type: "CLOSE" });
    actor.send({ type: "CANCEL" });
    expect(actor.getSnapshot().matches({ editing: "idle" })).toBe(true);
    expect(actor.getSnapshot().status).toBe("active");
    actor.send({ type: "CLOSE" });
    actor.send({ type: "CONFIRM" });
    expect(actor.getSnapshot().status).toBe("done");
    expect(await toPromise(actor)).toEqual({ kind: "closed" });
  });
});
