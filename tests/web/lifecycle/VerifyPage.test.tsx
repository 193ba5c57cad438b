import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { activateLocale } from "../../../web/src/i18n/activate";
import VerifyPage from "../../../web/src/pages/verify/VerifyPage";
import {
  CONTEST_ID,
  verifyDrawn,
  verifyPending,
  verifyTampered,
} from "../../../web/src/testing/lifecycle-fixtures";
import { Providers } from "../../../web/src/testing/Providers";
import { mockApi } from "../mock-api";

beforeAll(() => activateLocale("en"));
afterEach(async () => {
  vi.restoreAllMocks();
  await activateLocale("en");
});

function renderPage(answer: { status?: number; body: unknown }) {
  const api = mockApi({ [`GET /verify/${CONTEST_ID}`]: answer });
  render(
    <Providers user={null} path={`/verify/${CONTEST_ID}`} route="/verify/:contestId">
      <VerifyPage />
    </Providers>,
  );
  return api;
}

describe("the public verify page", () => {
  it("before the draw shows the commitment and says the draw has not happened yet", async () => {
    renderPage({ body: verifyPending });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Verify the draw of Cup final giveaway" }),
    ).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain("The draw has not happened yet.");
    expect(screen.getByText(verifyPending.seed_commitment ?? "")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Re-run the draw in my browser" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Download the list" })).toBeNull();
    await waitFor(() => expect(document.title).toBe("Verify the draw of Cup final giveaway • Fairdraw"));
  });

  it("re-runs the draw in the browser and shows every check passed", async () => {
    renderPage({ body: verifyDrawn });
    fireEvent.click(await screen.findByRole("button", { name: "Re-run the draw in my browser" }));
    await waitFor(() => expect(screen.getAllByRole("status")).toHaveLength(3));
    const checks = screen.getAllByRole("status");
    expect(checks.map((c) => c.getAttribute("data-passed"))).toEqual(["true", "true", "true"]);
    expect(
      checks.every((c) => c.textContent?.startsWith("Passed:") && c.querySelector("svg.lucide-check")),
    ).toBe(true);
    expect(screen.getByText(/Every check passed/)).toBeTruthy();
    const result = screen.getByRole("region", { name: "The result" });
    expect(within(result).getAllByRole("link", { name: /@fan_/ })).toHaveLength(5);
  });

  it("fails the winners check when the published winners are not the drawn ones", async () => {
    renderPage({ body: verifyTampered });
    fireEvent.click(await screen.findByRole("button", { name: "Re-run the draw in my browser" }));
    await waitFor(() => expect(screen.getAllByRole("status")).toHaveLength(3));
    const winners = screen.getAllByRole("status").find((c) => c.getAttribute("data-check") === "winners");
    expect(winners?.getAttribute("data-passed")).toBe("false");
    expect(winners?.textContent).toContain("Failed:");
    expect(winners?.textContent).toContain("Computed in your browser:");
    expect(screen.getByText(/A check failed/)).toBeTruthy();
  });

  it("downloads the frozen list as text, one id a line", async () => {
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((b: Blob) => {
        blobs.push(b);
        return "blob:list";
      }),
      revokeObjectURL: vi.fn(),
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderPage({ body: verifyDrawn });
    fireEvent.click(await screen.findByRole("button", { name: "Download the list" }));
    await waitFor(() => expect(names).toEqual([`entrants-${CONTEST_ID}.txt`]));
    const text = await blobs[0]?.text();
    expect(text?.split("\n")).toEqual(verifyDrawn.entrants);
  });

  it("says so when the contest does not exist", async () => {
    renderPage({
      status: 404,
      body: { error: "notFound", message: "This contest does not exist.", uid: "x" },
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "This contest does not exist" }),
    ).toBeTruthy();
  });

  it("works in French with the language choice on the page", async () => {
    renderPage({ body: verifyPending });
    await screen.findByRole("heading", { level: 1 });
    fireEvent.change(screen.getByLabelText("Language"), { target: { value: "fr" } });
    await waitFor(() => expect(document.documentElement.lang).toBe("fr"));
    expect(screen.getByRole("combobox")).toBeTruthy();
  });
});
