import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DeleteContestDialog } from "../../../web/src/dialogs/DeleteContestDialog";
import { LoadEntriesDialog } from "../../../web/src/dialogs/LoadEntriesDialog";
import { MergeContestDialog } from "../../../web/src/dialogs/MergeContestDialog";
import { activateLocale } from "../../../web/src/i18n/activate";
import { contestFixture, contests, listEntryOf } from "../../../web/src/testing/contest-fixtures";
import { error, type FakeReply } from "../../../web/src/testing/fake-api";
import { Providers } from "../../../web/src/testing/Providers";
import { HOLD_DANGEROUS_MS } from "../../../web/src/widgets/HoldButton";
import { mockApi } from "../mock-api";

beforeAll(() => activateLocale("en"));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("load entries dialog", () => {
  it("asks consent on the first load: the button works once the box is ticked", async () => {
    const { calls } = mockApi({
      "POST /teams/current/contests/:id/load_entries": () => ({ body: { loaded: 42, truncated: false } }),
    });
    const onLoaded = vi.fn();
    render(
      <Providers>
        <LoadEntriesDialog contest={contests.startedClassic} onClose={vi.fn()} onLoaded={onLoaded} />
      </Providers>,
    );
    const load = screen.getByRole("button", { name: "Load entries" }) as HTMLButtonElement;
    expect(load.disabled).toBe(true);
    fireEvent.click(screen.getByRole("checkbox"));
    expect(load.disabled).toBe(false);
    fireEvent.click(load);
    await waitFor(() => expect(onLoaded).toHaveBeenCalledWith({ loaded: 42, truncated: false }));
    expect(calls[0]).toMatchObject({
      path: "/teams/current/contests/contest-classic/load_entries",
      body: { consent: true },
    });
  });

  it("asks nothing on a later load", () => {
    render(
      <Providers>
        <LoadEntriesDialog
          contest={{ ...contests.startedClassic, loaded_at: new Date().toISOString() }}
          onClose={vi.fn()}
          onLoaded={vi.fn()}
        />
      </Providers>,
    );
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect((screen.getByRole("button", { name: "Load entries" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's message in an alert when the load fails", async () => {
    mockApi({
      "POST /teams/current/contests/:id/load_entries": () =>
        error(409, "loadFailed", "The network did not answer.", { uid: "err-1" }),
    });
    render(
      <Providers>
        <LoadEntriesDialog
          contest={{ ...contests.startedClassic, loaded_at: "2026-01-01T00:00:00.000Z" }}
          onClose={vi.fn()}
          onLoaded={vi.fn()}
        />
      </Providers>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Load entries" }));
    expect(await screen.findByRole("dialog", { name: "The network did not answer." })).toBeTruthy();
  });
});

describe("delete contest dialog", () => {
  function hold(button: HTMLElement) {
    fireEvent.pointerDown(button);
    act(() => {
      vi.advanceTimersByTime(HOLD_DANGEROUS_MS);
    });
  }

  it("deletes after a 5-second hold", async () => {
    vi.useFakeTimers();
    const { calls } = mockApi({ "DELETE /teams/current/contests/:id": () => ({ body: { success: true } }) });
    const onDeleted = vi.fn();
    render(
      <Providers>
        <DeleteContestDialog contest={contests.planned} onClose={vi.fn()} onDeleted={onDeleted} />
      </Providers>,
    );
    const button = screen.getByRole("button", { name: /^Delete/ });
    fireEvent.pointerDown(button);
    act(() => {
      vi.advanceTimersByTime(HOLD_DANGEROUS_MS - 100);
    });
    fireEvent.pointerUp(button);
    expect(calls).toHaveLength(0);
    hold(button);
    vi.useRealTimers();
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(calls[0]).toMatchObject({ method: "DELETE", path: "/teams/current/contests/contest-1" });
  });

  it("puts the button back to hold and says why when the delete fails", async () => {
    vi.useFakeTimers();
    mockApi({
      "DELETE /teams/current/contests/:id": () =>
        error(409, "contestNotDeletable", "This contest has started.", { uid: "err-1" }),
    });
    const onDeleted = vi.fn();
    render(
      <Providers>
        <DeleteContestDialog contest={contests.planned} onClose={vi.fn()} onDeleted={onDeleted} />
      </Providers>,
    );
    const button = screen.getByRole("button", { name: /^Delete/ });
    hold(button);
    expect(button.getAttribute("data-state")).toBe("loading");
    vi.useRealTimers();
    expect((await screen.findByRole("alert")).textContent).toBe("This contest has started.");
    expect(button.getAttribute("data-state")).toBe("hold");
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(onDeleted).not.toHaveBeenCalled();
  });
});

describe("merge contest dialog", () => {
  const target = contestFixture({
    _id: "target",
    name: "Target contest",
    type: "classic",
    status: "started",
  });
  const tunnel = contestFixture({ _id: "tunnel", name: "A tunnel", type: "tunnel", status: "started" });

  function routes(merge: () => FakeReply) {
    return mockApi({
      "GET /teams/current/contests/list": () => ({
        body: {
          data: [listEntryOf(target), listEntryOf(tunnel), listEntryOf(contests.startedClassic)],
          meta: { page: 1, per_page: 100, total: 3 },
        },
      }),
      "POST /teams/current/contests/:id/merge": merge,
    });
  }

  it("offers the team's other classic contests and merges into the one chosen", async () => {
    const { calls } = routes(() => ({ body: { success: true, contest_id: "target" } }));
    const onMerged = vi.fn();
    render(
      <Providers>
        <MergeContestDialog contest={contests.startedClassic} onClose={vi.fn()} onMerged={onMerged} />
      </Providers>,
    );
    const select = await screen.findByLabelText("Merge into");
    expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      "Choose a contest",
      "Target contest",
    ]);
    expect(calls[0]?.query.get("status")).toBe("started,closed");
    const merge = screen.getByRole("button", { name: "Merge" }) as HTMLButtonElement;
    expect(merge.disabled).toBe(true);
    fireEvent.change(select, { target: { value: "target" } });
    fireEvent.click(merge);
    await waitFor(() => expect(onMerged).toHaveBeenCalledWith("target"));
    expect(calls[1]).toMatchObject({
      path: "/teams/current/contests/contest-classic/merge",
      body: { target_contest_id: "target" },
    });
  });

  it("logs the server's message when the merge fails, and shows it", async () => {
    routes(() => error(409, "mergeSamePost", "Both contests import the same post.", { uid: "err-1" }));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const onMerged = vi.fn();
    render(
      <Providers>
        <MergeContestDialog contest={contests.startedClassic} onClose={vi.fn()} onMerged={onMerged} />
      </Providers>,
    );
    fireEvent.change(await screen.findByLabelText("Merge into"), { target: { value: "target" } });
    fireEvent.click(screen.getByRole("button", { name: "Merge" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Both contests import the same post.");
    expect(warn).toHaveBeenCalledWith("merge failed:", "Both contests import the same post.");
    expect(onMerged).not.toHaveBeenCalled();
  });
});
