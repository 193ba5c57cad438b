import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextSourceId } from "../../../engine/builder/form";
import {
  badgeOf,
  callFor,
  draftMenuKey,
  formFromOrigin,
  type Origin,
  submitLabelKey,
  templateMenuKey,
} from "../../../engine/builder/origin";

const NEW: Origin = { kind: "new" };
const DRAFT: Origin = { kind: "draft", id: "d1" };
const PLANNED: Origin = { kind: "planned", id: "c1" };
const TEMPLATE: Origin = { kind: "template", id: "t1" };
const DUPLICATE: Origin = { kind: "planned", id: "c1", is_duplicate: true };

const NOW = new Date("2030-01-01T00:00:00.000Z");
const PAST = "2029-12-01T10:00:00.000Z";
const FUTURE = "2030-01-05T10:00:00.000Z";
const LATER = "2030-01-08T10:00:00.000Z";

function stored(start: string | null) {
  return {
    base: {
      name: "Summer giveaway",
      type: "tunnel",
      start_date: start,
      close_date: start === null ? null : LATER,
      autodraw: { enabled: true, date: start === null ? null : LATER },
    },
    sources: [{ id: 100, type: "testnet" }],
    summary: { parameters_verified: true },
  };
}

describe("the header badge", () => {
  it("reads new, draft, contest or template after the origin", () => {
    expect(badgeOf(NEW)).toBe("new");
    expect(badgeOf(DRAFT)).toBe("draft");
    expect(badgeOf(PLANNED)).toBe("contest");
    expect(badgeOf(TEMPLATE)).toBe("template");
  });

  it("reads new for a duplicate, whose link to the original is cleared", () => {
    expect(badgeOf(DUPLICATE)).toBe("new");
    expect(badgeOf({ kind: "template", id: "t1", is_duplicate: true })).toBe("new");
  });
});

describe("the submit button and the menu", () => {
  it("says save contest for a planned contest and create contest otherwise", () => {
    expect(submitLabelKey(PLANNED)).toBe("builder.submit.save_contest");
    for (const origin of [NEW, DRAFT, TEMPLATE, DUPLICATE]) {
      expect(submitLabelKey(origin)).toBe("builder.submit.create_contest");
    }
  });

  it("offers save template only to a builder opened on a template, export as template otherwise", () => {
    expect(templateMenuKey(TEMPLATE)).toBe("builder.menu.save_template");
    for (const origin of [NEW, DRAFT, PLANNED, DUPLICATE]) {
      expect(templateMenuKey(origin)).toBe("builder.menu.export_template");
    }
  });

  it("offers save draft only to a builder opened on a draft, save as draft otherwise", () => {
    expect(draftMenuKey(DRAFT)).toBe("builder.menu.save_draft");
    for (const origin of [NEW, PLANNED, TEMPLATE, DUPLICATE]) {
      expect(draftMenuKey(origin)).toBe("builder.menu.save_as_draft");
    }
  });
});

describe("create or update", () => {
  it.each([
    ["a new builder creates on submit", NEW, "submit", "create"],
    ["a new builder creates a draft", NEW, "draft", "create"],
    ["a new builder creates a template", NEW, "template", "create"],
    ["a draft saved again updates the draft", DRAFT, "draft", "update"],
    ["a draft submitted becomes a contest by updating it", DRAFT, "submit", "update"],
    ["a draft exported as a template creates a template", DRAFT, "template", "create"],
    ["a planned contest submitted is updated", PLANNED, "submit", "update"],
    ["a planned contest saved as a draft creates a draft", PLANNED, "draft", "create"],
    ["a planned contest exported creates a template", PLANNED, "template", "create"],
    ["a template exported again updates the template", TEMPLATE, "template", "update"],
    ["a template submitted creates a contest", TEMPLATE, "submit", "create"],
    ["a template saved as a draft creates a draft", TEMPLATE, "draft", "create"],
    ["a duplicate always creates", DUPLICATE, "submit", "create"],
  ] as const)("%s", (_, origin, action, method) => {
    const call = callFor(origin, action);
    expect(call.method).toBe(method);
    if (call.method === "update" && origin.kind !== "new") expect(call.id).toBe(origin.id);
  });
});

describe("the form a builder opens with", () => {
  it("keeps the dates of a planned contest, even a start already past, and takes its start as the original", () => {
    const form = formFromOrigin(stored(PAST), PLANNED, NOW);
    expect(form.base.start_date).toBe(PAST);
    expect(form.base.close_date).toBe(LATER);
    expect(form.base.original_start_date).toBe(PAST);
  });

  it("keeps the dates of a draft or a template whose start is still ahead", () => {
    for (const origin of [DRAFT, TEMPLATE]) {
      const form = formFromOrigin(stored(FUTURE), origin, NOW);
      expect(form.base.start_date).toBe(FUTURE);
      expect(form.base.close_date).toBe(LATER);
      expect(form.base.original_start_date).toBe(FUTURE);
    }
  });

  it("clears a past start and the close and autodraw dates with it for a draft or a template", () => {
    for (const origin of [DRAFT, TEMPLATE]) {
      const form = formFromOrigin(stored(PAST), origin, NOW);
      expect(form.base.start_date).toBeNull();
      expect(form.base.close_date).toBeNull();
      expect(form.base.autodraw).toEqual({ enabled: true, date: null });
      expect(form.base.original_start_date).toBeNull();
      expect(form.base.name).toBe("Summer giveaway");
    }
  });

  it("moves a duplicate whose start has passed forward whole: a start an hour or more ahead, the spacing kept", () => {
    const original = stored(PAST);
    const reminder = "2029-12-02T10:00:00.000Z";
    const withReminder = {
      ...original,
      sources: [
        { id: 100, type: "testnet", reminders: { list: [{ creation_date: reminder, content: "Go" }] } },
      ],
    };
    const form = formFromOrigin(withReminder, DUPLICATE, NOW);
    expect(form.base.start_date).toBe("2030-01-01T01:00:00.000Z");
    const delta = Date.parse("2030-01-01T01:00:00.000Z") - Date.parse(PAST);
    expect(form.base.close_date).toBe(new Date(Date.parse(LATER) + delta).toISOString());
    expect(form.base.autodraw).toEqual({
      enabled: true,
      date: new Date(Date.parse(LATER) + delta).toISOString(),
    });
    expect(form.base.original_start_date).toBe(form.base.start_date);
    const moved = (
      form.sources[0] as unknown as { reminders: { list: { creation_date: string; content: string }[] } }
    ).reminders.list[0];
    expect(moved).toEqual({
      creation_date: new Date(Date.parse(reminder) + delta).toISOString(),
      content: "Go",
    });
  });

  it('names a duplicate "Copy of …" in the words it is given, cut to 50 characters', () => {
    const copyName = (name: string) => `Copy of ${name}`;
    expect(formFromOrigin(stored(FUTURE), DUPLICATE, NOW, { copyName }).base.name).toBe(
      "Copy of Summer giveaway",
    );
    const long = { ...stored(FUTURE), base: { ...stored(FUTURE).base, name: "x".repeat(50) } };
    expect(formFromOrigin(long, DUPLICATE, NOW, { copyName }).base.name).toBe(`Copy of ${"x".repeat(42)}`);
    // A draft or a planned contest opened as itself keeps its name.
    expect(formFromOrigin(stored(FUTURE), DRAFT, NOW, { copyName }).base.name).toBe("Summer giveaway");
  });

  it("unticks parameters verified for a template or a duplicate but not for a draft or a planned contest", () => {
    expect(formFromOrigin(stored(FUTURE), TEMPLATE, NOW).summary.parameters_verified).toBe(false);
    expect(formFromOrigin(stored(FUTURE), DUPLICATE, NOW).summary.parameters_verified).toBe(false);
    expect(formFromOrigin(stored(FUTURE), DRAFT, NOW).summary.parameters_verified).toBe(true);
    expect(formFromOrigin(stored(FUTURE), PLANNED, NOW).summary.parameters_verified).toBe(true);
  });

  it("always makes a tunnel contest and starts from an empty form when the origin has none", () => {
    const form = formFromOrigin(null, DRAFT, NOW);
    expect(form).toEqual({
      base: { type: "tunnel", original_start_date: null },
      sources: [],
      summary: {},
    });
    expect(formFromOrigin({ base: { type: "classic" } }, DRAFT, NOW).base.type).toBe("tunnel");
  });

  it("gives every source a unique id of 100 or more and drops entries that are not sources", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ id: fc.integer({ min: -5, max: 110 }), type: fc.constant("x") }),
            fc.integer(),
          ),
        ),
        (sources) => {
          const form = formFromOrigin({ sources }, DRAFT, NOW);
          const ids = form.sources.map((s) => s.id);
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids.every((id) => Number.isInteger(id) && id >= 100)).toBe(true);
          expect(form.sources.length).toBe(sources.filter((s) => typeof s === "object").length);
          expect(nextSourceId(form.sources)).toBeGreaterThan(Math.max(99, ...ids));
        },
      ),
    );
  });
});
