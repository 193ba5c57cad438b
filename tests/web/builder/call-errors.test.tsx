/**
 * A failed builder call (app-shell.md §8, contest-builder.md §8): a 422 lists the refused fields by the labels the
 * form shows, each a link to its field; anything else goes through the shell's error handler.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fixtureConfig, validForm } from "../../../web/src/builder/testing/fixtures";
import { error, invalid, json } from "../../../web/src/testing/fake-api";
import { currentPath } from "../shell/render";
import { opened, renderBuilder } from "./render";

const config = fixtureConfig();
type Reply = ReturnType<typeof json>;

function draft() {
  return {
    _id: "draft-1",
    status: "draft",
    name: "Summer giveaway",
    paid_contest: false,
    cb_data: validForm(config, ["twitter", "instagram"]),
  };
}

/** Opens the saved draft and submits it, the server answering `reply` to the create call. */
async function submitWith(reply: Reply) {
  const view = renderBuilder({
    origin: { kind: "draft", id: "draft-1" },
    config,
    routes: {
      "GET /teams/current/contests/draft-1": json(draft()),
      "POST /teams/current/contests/draft-1": reply,
    },
  });
  await opened();
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Create contest" }));
  const dialog = await screen.findByRole("dialog", { name: "Create the contest" });
  const button = within(dialog).getByRole("button", { name: /Create the contest/ });
  fireEvent.pointerDown(button);
  await waitFor(() => expect(button.getAttribute("data-state")).toBe("loading"), { timeout: 4000 });
  return { ...view, user, dialog };
}

describe("a refused form (422)", () => {
  it("names each refused field by its label, never by its path, and links to it", async () => {
    const { user, dialog } = await submitWith(
      invalid({
        "base.name": "Is already used by another contest.",
        "sources.0.publication.account_id": "Is not an account linked to this team.",
        "sources.1.publication.content": "Is too long.",
      }),
    );
    const list = await within(dialog).findByRole("alert");
    expect(list.textContent).not.toMatch(/sources\.\d|base\./);
    expect(within(list).getByRole("link", { name: "Contest name" })).toBeTruthy();
    expect(within(list).getByRole("link", { name: "X (Twitter): Publishing account" })).toBeTruthy();
    expect(within(list).getByRole("link", { name: "Instagram: Text" })).toBeTruthy();
    expect(list.textContent).toContain("Is not an account linked to this team.");
    // The link closes the dialog and focuses the field in its pane.
    await user.click(within(list).getByRole("link", { name: "Contest name" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Create the contest" })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Contest name")));
  }, 15000);
});

describe("other failures go through the shell's error handler", () => {
  it("shows a server error with its id and a report action, and brings the form back", async () => {
    const { onClose } = await submitWith(error(500, "serverError", "Something broke.", { uid: "err-42" }));
    const alert = await screen.findByRole("dialog", { name: "Something broke." });
    expect(alert.textContent).toContain("Error id: err-42");
    expect(within(alert).getByRole("button", { name: "Report the problem" })).toBeTruthy();
    expect(screen.queryByRole("dialog", { name: "Create the contest" })).toBeNull();
    expect(document.querySelector(".builder-sidebar")).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  }, 15000);

  it("shows a plan key as the upgrade alert whose subscribe action leaves through the close confirmation", async () => {
    const { user } = await submitWith(error(403, "contestsQuotaExceeded", "Your plan allows 2 contest(s)."));
    const alert = await screen.findByRole("dialog", { name: "Your plan allows 2 contest(s)." });
    expect(alert.querySelector("[data-alert-type] svg.lucide-rocket")).not.toBeNull();
    await user.click(within(alert).getByRole("button", { name: "See the plans" }));
    const confirm = await screen.findByRole("dialog", { name: "Close the contest builder?" });
    expect(currentPath()).toBe("/dashboard");
    await user.click(within(confirm).getByRole("button", { name: "Close without saving" }));
    await waitFor(() => expect(currentPath()).toBe("/team/subscription"));
  }, 15000);

  it("closes the builder on a 403 so that the error page underneath shows", async () => {
    const { onClose } = await submitWith(error(403, "permissionsForbidden", "No."));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByRole("dialog", { name: "No." })).toBeNull();
  }, 15000);

  it("closes the builder on a 401 (the session is gone)", async () => {
    const { onClose } = await submitWith(error(401, "unauthenticated", "Sign in."));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  }, 15000);
});
