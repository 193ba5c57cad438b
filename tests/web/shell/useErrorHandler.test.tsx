import { fireEvent, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../../web/src/api/errors";
import { activateLocale } from "../../../web/src/i18n/activate";
import { useSession } from "../../../web/src/session/session";
import { usePageError } from "../../../web/src/shell/page-error";
import { useErrorHandler } from "../../../web/src/shell/useErrorHandler";
import { currentPath, renderShell } from "./render";

beforeAll(() => activateLocale("en"));

function Failing({ error, upload }: { error: unknown; upload?: string }) {
  const onError = useErrorHandler();
  const { error: pageError } = usePageError();
  const session = useSession();
  return (
    <>
      <output data-testid="session">{session.status}</output>
      <button type="button" onClick={() => onError(error, upload ? { upload } : undefined)}>
        Fail
      </button>
      <output data-testid="page-error">{pageError ? String(pageError.status) : ""}</output>
    </>
  );
}

function fail(error: unknown, upload?: string) {
  renderShell(<Failing error={error} upload={upload} />, { path: "/team/members" });
  fireEvent.click(screen.getByRole("button", { name: "Fail" }));
}

const apiError = (status: number, key: string, message: string, uid?: string) =>
  new ApiError(status, { error: key, message, uid });

describe("useErrorHandler", () => {
  it("forgets the user on a 401, so the session guard sends to /login", () => {
    fail(apiError(401, "unauthenticated", "Sign in."));
    expect(screen.getByTestId("session").textContent).toBe("anonymous");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("words a known error key in the person's language, not the server's English", async () => {
    await activateLocale("fr");
    try {
      fail(apiError(409, "contestAlreadyDrawn", "The winners were already drawn."));
      expect(screen.queryByRole("dialog", { name: "The winners were already drawn." })).toBeNull();
      expect(screen.getByRole("dialog").textContent).not.toContain("already drawn");
    } finally {
      await activateLocale("en");
    }
  });

  it("shows the error page for a 403", () => {
    fail(apiError(403, "permissionsForbidden", "No."));
    expect(screen.getByTestId("page-error").textContent).toBe("403");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows an upgrade key as an image alert whose subscribe action opens the plans", async () => {
    fail(apiError(403, "maxMembersExceeded", "Your plan allows 5 member(s)."));
    const dialog = screen.getByRole("dialog", { name: "Your plan allows 5 member(s)." });
    // The image alert draws a rocket (an SVG icon, never an emoji that needs a font).
    expect(dialog.querySelector("[data-alert-type] svg.lucide-rocket")).not.toBeNull();
    expect(screen.getByTestId("page-error").textContent).toBe("");
    fireEvent.click(screen.getByRole("button", { name: "See the plans" }));
    await screen.findByText("/team/subscription");
    expect(currentPath()).toBe("/team/subscription");
  });

  it.each(["cantDeleteYourDefaultTeam", "forbiddenInDemoMode"])(
    "shows %s with a close action only and no error id",
    (key) => {
      fail(apiError(400, key, "Not here.", "uid-1"));
      expect(screen.getByRole("dialog", { name: "Not here." })).toBeTruthy();
      expect(screen.queryByRole("button", { name: "Report the problem" })).toBeNull();
      expect(screen.queryByText(/uid-1/)).toBeNull();
    },
  );

  it("shows any other error with its id and a report action that opens the contact form with that id", async () => {
    fail(apiError(500, "serverError", "Something broke.", "err-42"));
    expect(screen.getByRole("dialog", { name: "Something broke." }).textContent).toContain(
      "Error id: err-42",
    );
    fireEvent.click(screen.getByRole("button", { name: "Report the problem" }));
    const contact = await screen.findByRole("dialog", { name: "Contact us" }, { timeout: 10_000 });
    expect(contact.textContent).toContain("Error id: err-42");
    expect((screen.getByLabelText("Reason") as HTMLSelectElement).value).toBe("report-technical-bug");
  });

  it("shows an error without an id with a close action only", () => {
    fail(apiError(409, "conflict", "Already there."));
    expect(screen.getByRole("dialog", { name: "Already there." })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Report the problem" })).toBeNull();
  });

  it("titles a 422 with the generic validation message", () => {
    fail(apiError(422, "validation", "Name is required."));
    const dialog = screen.getByRole("dialog", { name: "The given data was invalid." });
    expect(dialog.textContent).toContain("Name is required.");
  });

  it("names the file of a failed upload", () => {
    fail(apiError(415, "unsupportedMediaType", "Not an image."), "cat.exe");
    expect(screen.getByRole("dialog", { name: "The upload of cat.exe failed" }).textContent).toContain(
      "Not an image.",
    );
  });

  it("shows a thrown non-API error as an alert", () => {
    fail(new Error("boom"));
    expect(screen.getByRole("dialog", { name: "Error: boom" })).toBeTruthy();
  });
});
