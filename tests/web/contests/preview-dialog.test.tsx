import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { ContestData } from "../../../web/src/contest/types";
import { ContestPreviewDialog } from "../../../web/src/dialogs/ContestPreviewDialog";
import { activateLocale } from "../../../web/src/i18n/activate";
import { contestFixture, contests } from "../../../web/src/testing/contest-fixtures";
import { Providers } from "../../../web/src/testing/Providers";
import { mockApi } from "../mock-api";

beforeAll(() => activateLocale("en"));

/** Three contests in list order: newer ← middle → older. */
const chain: Record<string, ContestData> = {
  newer: contestFixture({ _id: "newer", name: "Newer contest", prev_id: null, next_id: "middle" }),
  middle: {
    ...contests.startedClassic,
    _id: "middle",
    name: "Middle contest",
    prev_id: "newer",
    next_id: "older",
  },
  older: { ...contests.ended, _id: "older", name: "Older contest", prev_id: "middle", next_id: null },
};

function open(id: string) {
  const { calls } = mockApi({
    "GET /teams/current/contests/:id": ({ params }) => {
      const found = chain[params.id ?? ""];
      return found ? { body: found } : { status: 404, body: { error: "notFound", message: "No." } };
    },
  });
  const onClose = vi.fn();
  render(
    <Providers>
      <input aria-label="Search" />
      <ContestPreviewDialog contestId={id} onClose={onClose} />
    </Providers>,
  );
  return { calls, onClose };
}

const title = (name: string) => screen.findByRole("dialog", { name });
/** Keys go where the focus is: inside the dialog, which keeps it. */
const focused = () => document.activeElement ?? document.body;

describe("contest preview dialog", () => {
  it("shows the name, type and status badges, the sources and the timeline, asking for the neighbours", async () => {
    const { calls } = open("middle");
    const dialog = await title("Middle contest");
    expect(dialog.querySelector("[data-type='classic']")?.textContent).toBe("Classic");
    expect(dialog.querySelector("[data-status='started']")?.textContent).toBe("Started");
    expect(screen.getByText("Sandbox")).toBeTruthy();
    expect(screen.getByRole("list", { name: "Sources" })).toBeTruthy();
    expect(screen.getByRole("list", { name: "Timeline" })).toBeTruthy();
    expect(calls[0]?.query.get("with")).toBe("prev-next");
  });

  it("goes to the next contest with →, and back with ←", async () => {
    open("middle");
    await title("Middle contest");
    fireEvent.keyDown(focused(), { key: "ArrowRight" });
    await title("Older contest");
    fireEvent.keyDown(focused(), { key: "ArrowLeft" });
    await title("Middle contest");
    fireEvent.keyDown(focused(), { key: "ArrowLeft" });
    await title("Newer contest");
  });

  it("ignores the arrows while the person types in a field", async () => {
    const { calls } = open("middle");
    await title("Middle contest");
    const search = screen.getByLabelText("Search");
    fireEvent.keyDown(search, { key: "ArrowRight" });
    fireEvent.keyDown(search, { key: "ArrowLeft" });
    expect(calls).toHaveLength(1);
    expect(screen.getByRole("dialog", { name: "Middle contest" })).toBeTruthy();
  });

  it("ignores the arrows with a modifier key held", async () => {
    const { calls } = open("middle");
    await title("Middle contest");
    fireEvent.keyDown(focused(), { key: "ArrowRight", altKey: true });
    expect(calls).toHaveLength(1);
  });

  it("stays on the first and last contests, whose buttons are disabled", async () => {
    const { calls } = open("newer");
    await title("Newer contest");
    const previous = screen.getByRole("button", { name: /Previous contest/ }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.keyDown(focused(), { key: "ArrowLeft" });
    expect(calls).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: /Next contest/ }));
    await title("Middle contest");
  });

  it("links to the contest's full page, and closes on the way", async () => {
    const { onClose } = open("middle");
    await title("Middle contest");
    const full = screen.getByRole("link", { name: "Full page" });
    expect(full.getAttribute("href")).toBe("/contest/middle/");
    fireEvent.click(full);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("says so when the contest cannot be loaded", async () => {
    open("gone");
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("No."));
  });
});
