import type { RJSFSchema } from "@rjsf/utils";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { formWith, makeContext } from "../../../../stories/builder/widgets/fixtures";
import { type ReminderItem, RemindersWidget } from "../../../../web/src/builder/widgets/RemindersWidget";
import { WinningMomentsWidget } from "../../../../web/src/builder/widgets/WinningMomentsWidget";
import { activateLocale } from "../../../../web/src/i18n/activate";
import { renderWidget, valueAt } from "./render";

beforeAll(() => activateLocale("en"));

const reminder = (over: Partial<ReminderItem> = {}): ReminderItem => ({
  id: `r-${Math.random()}`,
  type: null,
  creation_date: null,
  content: "",
  media: { files: [], count: 0 },
  dark: false,
  ...over,
});

const listSchema = (typeDefault: string | null = null): RJSFSchema => ({
  type: "array",
  items: { type: "object", properties: { type: { type: ["string", "null"], default: typeDefault } } },
});

function setupReminders(options: {
  provider?: string;
  list?: ReminderItem[];
  base?: Record<string, unknown>;
  features?: string[];
  maxItems?: number;
  typeDefault?: string | null;
  errors?: Record<string, { key: string; rule: string }[]>;
}) {
  const provider = options.provider ?? "twitter";
  const form = formWith(
    [{ id: 100, type: provider, reminders: { enabled: true, list: options.list ?? [] } }],
    options.base,
  );
  const ctx = makeContext({ form, provider, features: options.features, errors: options.errors });
  renderWidget({
    widget: RemindersWidget,
    ctx,
    path: "sources.0.reminders.list",
    label: "Reminders",
    schema: {
      ...listSchema(options.typeDefault ?? null),
      ...(options.maxItems ? { maxItems: options.maxItems } : {}),
    },
  });
  const list = () => valueAt(ctx, "sources.0.reminders.list") as ReminderItem[];
  return { ctx, list };
}

describe("RemindersWidget", () => {
  it("adds a reminder with no date nor text and moves the focus to it", () => {
    const { list } = setupReminders({});
    fireEvent.click(screen.getByRole("button", { name: "Add a reminder" }));
    expect(list()).toHaveLength(1);
    expect(list()[0]).toMatchObject({ type: null, creation_date: null, content: "", dark: false });
    expect(list()[0]?.id).toBeTruthy();
    expect(screen.getByRole("group", { name: "Reminder 1" })).toBeTruthy();
    expect(document.activeElement?.id).toBe("fd-sources.0.reminders.list.0.type");
  });

  it("starts a new facebook reminder as a repost (the schema's default)", () => {
    const { list } = setupReminders({ provider: "facebook", typeDefault: "repost" });
    fireEvent.click(screen.getByRole("button", { name: "Add a reminder" }));
    expect(list()[0]?.type).toBe("repost");
    const type = screen.getByRole("combobox", { name: "Type" }) as HTMLSelectElement;
    expect([...type.options].map((o) => o.text)).toEqual(["Choose…", "Comment", "Repost"]);
  });

  it("cannot add reminders until the start and close dates are set", () => {
    setupReminders({ base: { close_date: null } });
    expect((screen.getByRole("button", { name: "Add a reminder" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Set the start and close dates to add reminders.")).toBeTruthy();
  });

  it("stops at the schema's maximum", () => {
    setupReminders({ list: [reminder(), reminder()], maxItems: 2 });
    expect((screen.getByRole("button", { name: "Add a reminder" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("has no text, media or dark flag for a plain retweet, and checks the text again when it becomes one", async () => {
    const { ctx, list } = setupReminders({ list: [reminder({ type: "quote", content: "Last day!" })] });
    const group = screen.getByRole("group", { name: "Reminder 1" });
    expect(within(group).getByRole("textbox", { name: "Text" })).toBeTruthy();
    expect(within(group).getByRole("switch", { name: "Dark post (shown only as an ad)" })).toBeTruthy();
    fireEvent.change(within(group).getByRole("combobox", { name: "Type" }), { target: { value: "retweet" } });
    expect(list()[0]?.type).toBe("retweet");
    expect(within(group).queryByRole("textbox", { name: "Text" })).toBeNull();
    expect(within(group).queryByRole("switch")).toBeNull();
    await waitFor(() => expect(ctx.calls.blurs).toContain("sources.0.reminders.list.0.content"));
  });

  it("counts a reminder's text with the reminder rule's limit", () => {
    setupReminders({ list: [reminder({ type: "reply" })] });
    fireEvent.change(screen.getByRole("textbox", { name: "Text" }), { target: { value: "Hurry up" } });
    expect(screen.getByText("8 / 280")).toBeTruthy();
  });

  it("offers dates only inside the reminder window", () => {
    setupReminders({ list: [reminder({ type: "reply" })] });
    fireEvent.click(screen.getByRole("button", { name: "Reminder 1 date: choose a date" }));
    const start = new Date("2026-07-01T10:00:00.000Z");
    const pad = (n: number) => String(n).padStart(2, "0");
    const key = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    const cell = (d: Date) => document.querySelector(`.datetime-calendar [data-day="${key(d)}"]`);
    const before = new Date(start.getFullYear(), start.getMonth(), start.getDate() - 1, 12);
    const inside = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 2, 12);
    expect(cell(before)?.hasAttribute("data-disabled")).toBe(true);
    expect(cell(inside)?.hasAttribute("data-disabled")).toBe(false);
  });

  it("removes a reminder with its labelled button", () => {
    const { list } = setupReminders({ list: [reminder({ content: "one" }), reminder({ content: "two" })] });
    fireEvent.click(screen.getByRole("button", { name: "Remove reminder 1" }));
    expect(list().map((r) => r.content)).toEqual(["two"]);
  });

  it("shows the error of a reminder's part beside its label", () => {
    setupReminders({
      list: [reminder()],
      errors: { "sources.0.reminders.list.0.type": [{ key: "validation.required", rule: "required" }] },
    });
    expect(screen.getByText("– Is required.")).toBeTruthy();
    expect(screen.getByRole("combobox", { name: /Type/ }).getAttribute("aria-invalid")).toBe("true");
  });

  it("shows the dark flag disabled with a star when the plan lacks dark posts", () => {
    setupReminders({ list: [reminder({ type: "quote" })], features: ["contestBuilder"] });
    expect((screen.getByRole("switch") as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole("link", { name: "Needs a higher plan: see the plans" })).toBeTruthy();
  });
});

describe("WinningMomentsWidget", () => {
  function setupMoments(
    base: Record<string, unknown> = {},
    list: { date: string | null; won: boolean }[] = [],
  ) {
    const form = formWith([{ id: 100, type: "twitter", winning_moments: { enabled: true, list } }], base);
    const ctx = makeContext({ form, provider: "twitter" });
    renderWidget({
      widget: WinningMomentsWidget,
      ctx,
      path: "sources.0.winning_moments.list",
      label: "Moments",
    });
    const moments = () => valueAt(ctx, "sources.0.winning_moments.list") as { date: string; won: boolean }[];
    return { ctx, moments };
  }

  it("draws one moment per winner between the start and the close, sorted, none won", async () => {
    const { ctx, moments } = setupMoments({ nb_winners: 4 });
    fireEvent.click(screen.getByRole("button", { name: "Shuffle the moments" }));
    const list = moments();
    expect(list).toHaveLength(4);
    const times = list.map((m) => Date.parse(m.date));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    for (const t of times) {
      expect(t).toBeGreaterThanOrEqual(Date.parse("2026-07-01T10:00:00.000Z"));
      expect(t).toBeLessThanOrEqual(Date.parse("2026-07-08T10:00:00.000Z"));
    }
    expect(list.every((m) => m.won === false)).toBe(true);
    expect(screen.getAllByRole("listitem")).toHaveLength(4);
    expect(screen.getByText("4 moments · for 4 winners")).toBeTruthy();
    await waitFor(() => expect(ctx.calls.blurs).toEqual(["sources.0.winning_moments.list"]));
  });

  it("cannot shuffle without both dates", () => {
    setupMoments({ start_date: null });
    expect((screen.getByRole("button", { name: "Shuffle the moments" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByText("Set the start and close dates to draw the moments.")).toBeTruthy();
  });

  it("marks a moment that was won", () => {
    setupMoments({ nb_winners: 2 }, [
      { date: "2026-07-02T10:00:00.000Z", won: true },
      { date: "2026-07-03T10:00:00.000Z", won: false },
    ]);
    expect(screen.getAllByText("Won")).toHaveLength(1);
  });
});
