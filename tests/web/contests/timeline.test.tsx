import { render, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { ContestTimeline } from "../../../web/src/contest/ContestTimeline";
import { timelineOf } from "../../../web/src/contest/lifecycle";
import { activateLocale } from "../../../web/src/i18n/activate";
import { contestFixture, contests } from "../../../web/src/testing/contest-fixtures";
import { Providers } from "../../../web/src/testing/Providers";

beforeAll(() => activateLocale("en"));

const summary = (steps: ReturnType<typeof timelineOf>) => steps.map((s) => `${s.id}:${s.state}`);

describe("contest timeline", () => {
  it("shows a planned tunnel contest created, then its start as the next step", () => {
    expect(summary(timelineOf(contests.planned))).toEqual([
      "created:done",
      "started:current",
      "closed:upcoming",
      "entries_loaded:upcoming",
      "drawn:upcoming",
      "ended:upcoming",
    ]);
  });

  it("starts a classic contest with its imported post, then waits for its entries to be loaded by hand", () => {
    const steps = timelineOf(contests.startedClassic);
    expect(summary(steps)).toEqual([
      "started:done",
      "loaded:current",
      "closed:upcoming",
      "drawn:upcoming",
      "ended:upcoming",
    ]);
    expect(steps[0]?.at).toBe(contests.startedClassic.start_at);
  });

  it("closes a classic contest with its load", () => {
    expect(summary(timelineOf(contests.closedClassic)).slice(0, 4)).toEqual([
      "started:done",
      "loaded:done",
      "closed:done",
      "drawn:current",
    ]);
  });

  it("marks every step of an ended contest done, with the draw's date", () => {
    const steps = timelineOf(contests.ended);
    expect(steps.every((s) => s.state === "done")).toBe(true);
    expect(steps.find((s) => s.id === "drawn")?.at).toBe(contests.ended.drawn_at);
  });

  it("takes the dates of the server's timeline, the status moves' own, over the schedule", () => {
    const timeline = {
      created: "2026-01-01T09:00:00.000Z",
      started: "2026-01-02T10:00:15.000Z",
      loaded: null,
      closed: "2026-01-09T10:00:12.000Z",
      entries_loaded: "2026-01-09T10:00:40.000Z",
      drawn: "2026-01-10T08:00:00.000Z",
      ended: "2026-01-10T08:00:01.000Z",
      canceled: null,
    };
    const steps = timelineOf({ ...contests.ended, timeline });
    expect(steps.map((s) => [s.id, s.at])).toEqual([
      ["created", timeline.created],
      ["started", timeline.started],
      ["closed", timeline.closed],
      ["entries_loaded", timeline.entries_loaded],
      ["drawn", timeline.drawn],
      ["ended", timeline.ended],
    ]);
  });

  it("marks a step the status has passed done even when its date was never kept", () => {
    const timeline = {
      created: contests.closedTunnel.created_at,
      started: null,
      loaded: null,
      closed: null,
      entries_loaded: null,
      drawn: null,
      ended: null,
      canceled: null,
    };
    expect(summary(timelineOf({ ...contests.closedTunnel, timeline }))).toEqual([
      "created:done",
      "started:done",
      "closed:done",
      "entries_loaded:current",
      "drawn:upcoming",
      "ended:upcoming",
    ]);
  });

  it("plans the draw step at the automatic draw's date", () => {
    const steps = timelineOf(contests.closedAutodraw);
    expect(steps.find((s) => s.id === "drawn")).toMatchObject({
      state: "current",
      at: contests.closedAutodraw.config.autodraw.autodraw_at,
    });
  });

  it("ends a canceled contest with the cancel, after what happened before it", () => {
    const steps = timelineOf(contests.canceledMerged);
    expect(summary(steps)).toEqual(["started:done", "canceled:done"]);
    expect(steps.at(-1)?.at).toBe(contests.canceledMerged.canceled_at);
  });

  it("does not count a start planned after the cancel", () => {
    const canceled = contestFixture({ status: "canceled", canceled_at: contests.planned.created_at });
    expect(summary(timelineOf(canceled))).toEqual(["created:done", "canceled:done"]);
  });

  it("names a classic contest's start the import of its post", () => {
    render(
      <Providers>
        <ContestTimeline contest={contests.startedClassic} />
      </Providers>,
    );
    expect(screen.getByText("Post imported")).toBeTruthy();
    expect(screen.getByText("Entries loaded")).toBeTruthy();
  });

  it("lists the steps in order, says when each happened and marks the next one", () => {
    render(
      <Providers>
        <ContestTimeline contest={contests.startedTunnel} />
      </Providers>,
    );
    const list = screen.getByRole("list", { name: "Timeline" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((i) => i.getAttribute("data-step"))).toEqual([
      "created",
      "started",
      "closed",
      "entries_loaded",
      "drawn",
      "ended",
    ]);
    expect(items[1]?.querySelector("time")?.getAttribute("dateTime")).toBe(contests.startedTunnel.start_at);
    expect(items[2]?.getAttribute("aria-current")).toBe("step");
    expect(within(items[2] as HTMLElement).getByText(/planned for/)).toBeTruthy();
  });
});
