import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  editLockAt,
  type SmartActionKind,
  START_LEAD_MS,
  smartActionOf,
} from "../../../web/src/contest/lifecycle";
import { SmartActionPanel, type SmartActionRights } from "../../../web/src/contest/SmartActionPanel";
import type { ContestData } from "../../../web/src/contest/types";
import { activateLocale } from "../../../web/src/i18n/activate";
import { contestFixture, contests, NOW } from "../../../web/src/testing/contest-fixtures";
import { Providers } from "../../../web/src/testing/Providers";

beforeAll(() => activateLocale("en"));

const ALL: SmartActionRights = { edit: true, delete: true, loadEntries: true, openBuilder: true };
const NONE: SmartActionRights = { edit: false, delete: false, loadEntries: false, openBuilder: false };

function panel(contest: ContestData, rights = ALL, handlers = {}) {
  render(
    <Providers>
      <SmartActionPanel contest={contest} now={NOW} rights={rights} {...handlers} />
    </Providers>,
  );
  return screen.getByRole("region", { name: "What to do next" });
}

const autodraw = (enabled: boolean) => ({
  enabled,
  autodraw_at: enabled ? new Date(NOW + 3_600_000).toISOString() : null,
});

/** Every status × type × setup × autodraw combination of app-shell §4, and what the panel offers. */
const CASES: [ContestData["status"], ContestData["type"], boolean, boolean, SmartActionKind, string][] = [
  ["planned", "tunnel", false, false, "planned", "Edit"],
  ["planned", "tunnel", false, true, "planned", "Edit"],
  ["started", "classic", false, false, "load_entries", "Load entries"],
  ["started", "classic", true, false, "load_entries", "Load entries"],
  ["started", "tunnel", false, false, "view_entries", "View entries"],
  ["started", "tunnel", false, true, "view_entries", "View entries"],
  ["closed", "tunnel", false, true, "autodraw", "View entries"],
  ["closed", "tunnel", true, true, "autodraw", "View entries"],
  ["closed", "tunnel", false, false, "drawing", "Go to the drawing"],
  ["closed", "tunnel", true, false, "drawing", "Go to the drawing"],
  ["closed", "classic", false, false, "settings", "Set up the contest"],
  ["closed", "classic", false, true, "settings", "Set up the contest"],
  ["closed", "classic", true, false, "drawing", "Go to the drawing"],
  ["closed", "classic", true, true, "drawing", "Go to the drawing"],
  ["ended", "tunnel", false, false, "results", "See the results"],
  ["ended", "classic", true, false, "results", "See the results"],
  ["draft", "tunnel", false, false, "draft", "Continue in the builder"],
  ["template", "tunnel", false, false, "template", "Use this template"],
];

describe("smart-action panel", () => {
  it.each(CASES)(
    "a %s %s contest (set up: %s, autodraw: %s) offers %s",
    (status, type, isSetup, withAutodraw, kind, control) => {
      const contest = contestFixture({
        status,
        type,
        config: { is_setup: isSetup, nb_winners: 1, autodraw: autodraw(withAutodraw) },
      });
      expect(smartActionOf(contest, NOW).kind).toBe(kind);
      const region = panel(contest);
      expect(region.getAttribute("data-action")).toBe(kind);
      expect(within(region).getByText(control)).toBeTruthy();
    },
  );

  it("links each closed or ended contest to the right page of the contest", () => {
    const region = panel(contests.closedClassic);
    expect(within(region).getByRole("link", { name: "Set up the contest" }).getAttribute("href")).toBe(
      "/contest/contest-1/settings",
    );
  });

  it("sends the results of an ended contest to its drawing page", () => {
    const region = panel(contests.ended);
    expect(within(region).getByRole("link", { name: "See the results" }).getAttribute("href")).toBe(
      "/contest/contest-1/drawing",
    );
  });

  it("shows the automatic draw's date and a countdown for a closed tunnel with autodraw", () => {
    const region = panel(contests.closedAutodraw);
    expect(within(region).getByText(/will be drawn automatically on/)).toBeTruthy();
    expect(within(region).getByRole("timer")).toBeTruthy();
  });

  it("edits and deletes a planned contest", () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const region = panel(contests.planned, ALL, { onEdit, onDelete });
    fireEvent.click(within(region).getByRole("button", { name: "Edit" }));
    fireEvent.click(within(region).getByRole("button", { name: "Delete" }));
    expect(onEdit).toHaveBeenCalledOnce();
    expect(onDelete).toHaveBeenCalledOnce();
  });

  it("refuses the edit of a planned contest whose start is within the lead window, and says why", () => {
    const onEdit = vi.fn();
    const region = panel(contests.plannedLocked, ALL, { onEdit });
    const edit = within(region).getByRole("button", { name: "Edit" }) as HTMLButtonElement;
    expect(edit.disabled).toBe(true);
    expect(within(region).getByText(/it can no longer be edited/)).toBeTruthy();
    expect(within(region).getByRole("button", { name: "Delete" })).toBeTruthy();
  });

  it("locks the edit exactly at the start minus the lead window (5 minutes)", () => {
    expect(START_LEAD_MS).toBe(5 * 60_000);
    const start = new Date(NOW + START_LEAD_MS + 1000).toISOString();
    expect(smartActionOf(contestFixture({ start_at: start }), NOW)).toMatchObject({
      kind: "planned",
      editable: true,
    });
    expect(smartActionOf(contestFixture({ start_at: start }), NOW + 1000)).toMatchObject({ editable: false });
    expect(editLockAt(start)).toBe(new Date(NOW + 1000).toISOString());
  });

  it("counts down to the edit lock in its last hour", () => {
    const start = new Date(NOW + START_LEAD_MS + 30 * 60_000).toISOString();
    const region = panel(contestFixture({ start_at: start }));
    expect(within(region).getByText(/Editable for/)).toBeTruthy();
    expect(within(region).getByRole("timer")).toBeTruthy();
  });

  it("hides edit and delete from a member who may do neither", () => {
    const region = panel(contests.planned, NONE);
    expect(within(region).queryByRole("button")).toBeNull();
  });

  it("links a running classic contest not set up to its settings beside the load, and no longer once set up", () => {
    const region = panel(contests.startedClassic);
    expect(within(region).getByRole("link", { name: "Set up entry verification" }).getAttribute("href")).toBe(
      "/contest/contest-classic/settings",
    );
    cleanup();
    const setUp = contestFixture({
      ...contests.startedClassic,
      config: { ...contests.startedClassic.config, is_setup: true },
    });
    expect(within(panel(setUp)).queryByRole("link", { name: "Set up entry verification" })).toBeNull();
  });

  it("tells a member who may not set a closed classic contest up, and still shows its settings", () => {
    const region = panel(contests.closedClassic, { ...ALL, setup: false });
    expect(within(region).getByText("You don't have the permission to set up this contest.")).toBeTruthy();
    expect(within(region).getByRole("link", { name: "See the settings" }).getAttribute("href")).toBe(
      "/contest/contest-1/settings",
    );
    expect(within(region).queryByRole("link", { name: "Set up the contest" })).toBeNull();
  });

  it("asks a classic contest's first load, and a reload once entries are there", () => {
    const onLoadEntries = vi.fn();
    const first = panel(contests.startedClassic, ALL, { onLoadEntries });
    fireEvent.click(within(first).getByRole("button", { name: "Load entries" }));
    expect(onLoadEntries).toHaveBeenCalledOnce();
  });

  it("offers to load the entries again once a load was made", () => {
    const loaded = { ...contests.startedClassic, loaded_at: new Date(NOW).toISOString(), entries_count: 42 };
    const region = panel(loaded);
    expect(within(region).getByText(/42 entries are loaded/)).toBeTruthy();
    expect(within(region).getByRole("button", { name: "Load entries again" })).toBeTruthy();
  });

  it("lets a closed classic contest load its entries again until it is drawn", () => {
    const onLoadEntries = vi.fn();
    const region = panel(contests.closedClassic, ALL, { onLoadEntries });
    fireEvent.click(within(region).getByRole("button", { name: "Load entries again" }));
    expect(onLoadEntries).toHaveBeenCalledOnce();
  });

  it("loads a drawn classic contest's entries no more", () => {
    const drawn = panel({ ...contests.closedClassicSetUp, drawn_at: new Date(NOW).toISOString() });
    expect(within(drawn).queryByRole("button", { name: "Load entries again" })).toBeNull();
  });

  it("tells a member without the load permission why there is no button", () => {
    const region = panel(contests.startedClassic, NONE);
    expect(within(region).queryByRole("button")).toBeNull();
    expect(within(region).getByText("You don't have the permission to load entries.")).toBeTruthy();
  });

  it.each([
    ["merged", /merged into another contest/],
    ["publication_failed", /could not be published/],
    ["account_unlinked", /account was unlinked/],
    ["post_deleted", /post was deleted/],
    ["something_new", /^This contest was canceled\.$/],
    [null, /^This contest was canceled\.$/],
  ])("explains a cancel for the reason %s", (reason, text) => {
    const region = panel({ ...contests.canceledMerged, meta: { cancel_reason: reason } });
    expect(region.getAttribute("data-action")).toBe("canceled");
    expect(within(region).getByText(text)).toBeTruthy();
    expect(within(region).queryByRole("button")).toBeNull();
  });
});
