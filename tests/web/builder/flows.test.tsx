import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fixtureConfig, validForm } from "../../../web/src/builder/testing/fixtures";
import { error, invalid, json } from "../../../web/src/testing/fake-api";
import { userWith } from "../../../web/src/testing/fixtures";
import { currentPath } from "../shell/render";
import { opened, renderBuilder } from "./render";

const config = fixtureConfig();

function draft(form = validForm(config, ["twitter", "instagram"])) {
  return { _id: "draft-1", status: "draft", name: "Summer giveaway", paid_contest: false, cb_data: form };
}

/** Holds the create dialog's button until it confirms (2.5 s). */
async function hold(dialog: HTMLElement) {
  const button = within(dialog).getByRole("button", { name: /Create the contest|Save the contest/ });
  fireEvent.pointerDown(button);
  await waitFor(() => expect(button.getAttribute("data-state")).toBe("loading"), { timeout: 4000 });
}

describe("creating a contest", () => {
  it("validates everything, confirms with the hold button, creates and goes to the contest", async () => {
    const { api, onClose } = renderBuilder({
      origin: { kind: "draft", id: "draft-1" },
      config,
      routes: {
        "GET /teams/current/contests/draft-1": json(draft()),
        "POST /teams/current/contests/draft-1": json({ contest_id: "draft-1" }),
      },
    });
    await opened();
    expect(screen.getByText("Draft")).toBeTruthy();
    await userEvent.setup().click(screen.getByRole("button", { name: "Create contest" }));
    const dialog = await screen.findByRole("dialog", { name: "Create the contest" });
    await hold(dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = api.to("POST /teams/current/contests/draft-1");
    const body = call?.body as Record<string, unknown>;
    expect(body.status).toBe("planned");
    expect(body.forPayment).toBe(false);
    expect((body.sources as unknown[]).length).toBe(2);
    await waitFor(() => expect(currentPath()).toBe("/contest/draft-1/"));
    expect(await screen.findByText("Your contest is created.")).toBeTruthy();
    expect(screen.queryByRole("dialog", { name: "Your contest is created." })).toBeNull();
  }, 15000);

  it("stops at the errors when the form is not valid, without a dialog", async () => {
    const form = validForm(config);
    form.base.name = "ab";
    renderBuilder({
      origin: { kind: "draft", id: "draft-1" },
      config,
      routes: { "GET /teams/current/contests/draft-1": json(draft(form)) },
    });
    await opened();
    await userEvent.setup().click(screen.getByRole("button", { name: "Create contest" }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: /Basic information/ }).getAttribute("data-state")).toBe(
        "INVALID",
      ),
    );
    expect(screen.queryByRole("dialog", { name: "Create the contest" })).toBeNull();
  });

  it("takes the person from Summary to the first pane in error, focuses the field and says what remains", async () => {
    const form = validForm(config, ["twitter"]);
    form.base.name = "ab";
    renderBuilder({
      origin: { kind: "draft", id: "draft-1" },
      config,
      routes: { "GET /teams/current/contests/draft-1": json(draft(form)) },
    });
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Summary/ }));
    await user.click(screen.getByRole("button", { name: "Create contest" }));
    const alert = await waitFor(() => {
      const found = document.querySelector<HTMLElement>(".builder-submit-alert");
      if (!found) throw new Error("no alert yet");
      return found;
    });
    expect(alert.getAttribute("role")).toBe("alert");
    expect(alert.textContent).toBe("The contest was not created: 1 error remains, in Basic information.");
    await waitFor(() => expect(document.activeElement?.id).toBe("fd-base.name"));
    expect(screen.getByRole("button", { name: /Basic information/ }).getAttribute("aria-current")).toBe(
      "step",
    );
  });

  it("shows the server's refusal in the dialog with a retry, and creates on the retry", async () => {
    const { api } = renderBuilder({
      origin: { kind: "template", id: "tpl-1" },
      config,
      routes: {
        "GET /teams/current/templates/tpl-1": json({ ...draft(), _id: "tpl-1", status: "template" }),
        "POST /teams/current/contests/create": [
          invalid({ "sources.0.publication.account_id": "Is not an account linked to this team." }),
          json({ contest_id: "c-9" }, 201),
        ],
      },
    });
    await opened();
    const user = userEvent.setup();
    // A template's summary box is unticked on import: tick it first.
    await user.click(screen.getByRole("button", { name: /Summary/ }));
    await user.click(screen.getByRole("switch", { name: /verified the parameters/ }));
    await user.click(screen.getByRole("button", { name: "Create contest" }));
    const dialog = await screen.findByRole("dialog", { name: "Create the contest" });
    await hold(dialog);
    expect(await within(dialog).findByText("Is not an account linked to this team.")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(currentPath()).toBe("/contest/c-9/"));
    const calls = api.to("POST /teams/current/contests/create");
    expect(calls).toHaveLength(2);
    // The retry is the same call: same idempotency key.
    const keys = calls.map((c) => (c.body as { idempotency_key: string }).idempotency_key);
    expect(keys[0]).toBe(keys[1]);
  }, 15000);

  it("offers a paid contest instead when the plan lacks the contest builder", async () => {
    const basic = fixtureConfig({ features: [] });
    const { api } = renderBuilder({
      origin: { kind: "draft", id: "draft-1" },
      config: basic,
      routes: {
        "GET /teams/current/contests/draft-1": json(draft(validForm(basic))),
        "POST /teams/current/contests/draft-1": json({ contest_id: "draft-1" }),
      },
    });
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Create contest" }));
    const dialog = await screen.findByRole("dialog", {
      name: "Your plan does not include the contest builder",
    });
    await user.click(within(dialog).getByRole("button", { name: "Save and pay for this contest" }));
    // The checkout is an app route: the router moves, the page is not unloaded (no reload warning on the way).
    await waitFor(() =>
      expect(currentPath()).toBe("/checkout-session/one-shot/contestbuilder?contest_id=draft-1"),
    );
    const body = api.to("POST /teams/current/contests/draft-1")[0]?.body as Record<string, unknown>;
    expect(body.status).toBe("draft");
    expect(body.forPayment).toBe(true);
  });
});

describe("drafts and templates", () => {
  it("saves a new draft after checking the name only, and goes to the contests", async () => {
    const { api, onClose } = renderBuilder({
      routes: { "POST /teams/current/contests/create": json({ contest_id: "d-1" }, 201) },
    });
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Basic information/ }));
    await user.click(screen.getByRole("button", { name: "Menu" }));
    await user.click(screen.getByRole("menuitem", { name: "Save as draft" }));
    // The name is required even for a draft.
    const name = document.querySelector('[data-path="base.name"]') as HTMLElement;
    expect((await within(name).findByRole("alert")).textContent).toBe(" – Is required.");
    expect(api.to("POST /teams/current/contests/create")).toHaveLength(0);
    await user.type(screen.getByLabelText("Contest name"), "My draft");
    await user.click(screen.getByRole("button", { name: "Menu" }));
    await user.click(screen.getByRole("menuitem", { name: "Save as draft" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = api.to("POST /teams/current/contests/create")[0]?.body as Record<string, unknown>;
    expect(body.status).toBe("draft");
    expect((body.base as { name: string }).name).toBe("My draft");
    expect(typeof body.idempotency_key).toBe("string");
    // The drafts tab, where the new draft is; the success is a toast, not a dialog to close.
    await waitFor(() => expect(currentPath()).toBe("/contests/?status=draft"));
    expect(await screen.findByText("Your draft is saved.")).toBeTruthy();
    expect(screen.queryByRole("dialog", { name: "Your draft is saved." })).toBeNull();
  });

  it("exports a template after a confirmation", async () => {
    const { api, onClose } = renderBuilder({
      routes: { "POST /teams/current/templates/create": json({ template_id: "t-1" }, 201) },
    });
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Basic information/ }));
    await user.type(screen.getByLabelText("Contest name"), "Weekly quiz");
    await user.click(screen.getByRole("button", { name: "Menu" }));
    await user.click(screen.getByRole("menuitem", { name: "Export as template" }));
    const dialog = await screen.findByRole("dialog", { name: "Export as template" });
    await user.click(within(dialog).getByRole("button", { name: "Save the template" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [sent] = api.to("POST /teams/current/templates/create");
    expect((sent?.body as { status?: string } | undefined)?.status).toBe("template");
    expect(await screen.findByText("Your template is saved.")).toBeTruthy();
  });

  it("lists the drafts and templates on the welcome pane and resumes a draft", async () => {
    renderBuilder({
      config,
      routes: {
        "GET /teams/current/contests/list": json({
          data: [{ _id: "draft-1", name: "Old draft", providers: ["twitter"], status: "draft" }],
        }),
        "GET /teams/current/templates/list": json({
          data: [{ _id: "tpl-1", name: "Quiz template", providers: [], status: "template" }],
        }),
        "GET /teams/current/contests/draft-1": json(draft()),
      },
    });
    await opened();
    expect(await screen.findByText("Old draft")).toBeTruthy();
    expect(screen.getByText("Quiz template")).toBeTruthy();
    await userEvent.setup().click(screen.getByRole("button", { name: "Resume Old draft" }));
    await waitFor(() => expect(screen.getByText("Draft")).toBeTruthy());
    expect((screen.getByLabelText("Contest name") as HTMLInputElement).value).toBe("Summer giveaway");
  });

  it("tells why a draft could not be saved and lets the person try again", async () => {
    renderBuilder({
      routes: {
        "POST /teams/current/contests/create": [
          error(403, "draftsQuotaExceeded", "Your plan allows 1 draft(s)."),
          json({ contest_id: "d-1" }, 201),
        ],
      },
    });
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Basic information/ }));
    await user.type(screen.getByLabelText("Contest name"), "My draft");
    await user.click(screen.getByRole("button", { name: "Menu" }));
    await user.click(screen.getByRole("menuitem", { name: "Save as draft" }));
    // The shell's upgrade alert says why (app-shell.md §8), with the way to the plans; the form is back under it.
    const alert = await screen.findByRole("dialog", { name: "Your plan allows 1 draft(s)." });
    expect(within(alert).getByRole("button", { name: "See the plans" })).toBeTruthy();
    expect(screen.queryByRole("dialog", { name: "Saving the draft" })).toBeNull();
    await user.click(within(alert).getByRole("button", { name: "Close" }));
    await user.click(screen.getByRole("button", { name: "Menu" }));
    await user.click(screen.getByRole("menuitem", { name: "Save as draft" }));
    expect(await screen.findByText("Your draft is saved.")).toBeTruthy();
  });
});

describe("the overlay", () => {
  it("asks before closing, on Escape or from the menu", async () => {
    const { onClose } = renderBuilder();
    await opened();
    fireEvent.keyDown(document, { key: "Escape" });
    const dialog = await screen.findByRole("dialog", { name: "Close the contest builder?" });
    fireEvent.keyDown(document, { key: "Escape" });
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Close the contest builder?" })).toBeNull(),
    );
    expect(onClose).not.toHaveBeenCalled();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Menu" }));
    await user.click(screen.getByRole("menuitem", { name: "Close" }));
    const again = await screen.findByRole("dialog", { name: "Close the contest builder?" });
    await user.click(within(again).getByRole("button", { name: "Close without saving" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(dialog).toBeTruthy();
  });

  it("warns before a reload while open", async () => {
    const { unmount } = renderBuilder();
    await opened();
    const event = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    unmount();
    const after = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });

  it("says the window is too small, and opens anyway when asked", async () => {
    const width = window.innerWidth;
    act(() => {
      window.innerWidth = 800;
    });
    try {
      const { onClose } = renderBuilder();
      const notice = await screen.findByRole("alertdialog", { name: "Dimensions too small" });
      await userEvent.setup().click(within(notice).getByRole("button", { name: "Open anyway" }));
      await opened();
      expect(onClose).not.toHaveBeenCalled();
    } finally {
      window.innerWidth = width;
    }
  });

  it("shows the upgrade notice on the welcome pane without the contestBuilder feature", async () => {
    renderBuilder({ fixture: { features: [] } });
    await opened();
    expect(screen.getByText(/Your plan does not include the contest builder/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "See the plans" }).getAttribute("href")).toBe(
      "/team/subscription",
    );
  });

  it("tells a member without the create permission that only drafts and templates are possible", async () => {
    renderBuilder({
      user: userWith((u) => {
        u.permissions["team.contests.create_contests"] = false;
      }),
    });
    await opened();
    expect(screen.getByText(/You don't have the permission to create contests/)).toBeTruthy();
  });
});
