import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fixtureConfig, validForm } from "../../../web/src/builder/testing/fixtures";
import { json } from "../../../web/src/testing/fake-api";
import { opened, renderBuilder } from "./render";

const config = fixtureConfig();

function draftWith(form: ReturnType<typeof validForm>) {
  return { "GET /teams/current/contests/draft-1": json({ _id: "draft-1", status: "draft", cb_data: form }) };
}

describe("feature ties (§4)", () => {
  it("switches the automatic draw off when manual check goes on, and says so", async () => {
    renderBuilder();
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Basic information/ }));
    await user.click(screen.getByRole("switch", { name: "Automatic draw" }));
    expect((screen.getByRole("switch", { name: "Automatic draw" }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole("switch", { name: "Manual check of the winners" }));
    await waitFor(() =>
      expect((screen.getByRole("switch", { name: "Automatic draw" }) as HTMLInputElement).checked).toBe(
        false,
      ),
    );
    expect(screen.getByText("Manual check of the winners is on: Automatic draw switched off.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "OK" }));
    expect(screen.queryByText(/switched off/)).toBeNull();
  });

  it("keeps an action on while another one needs it", async () => {
    const form = validForm(config, ["twitter"]);
    renderBuilder({ origin: { kind: "draft", id: "draft-1" }, config, routes: draftWith(form) });
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /X \(Twitter\)/ }));
    await user.click(screen.getByRole("tab", { name: /Actions/ }));
    await user.click(screen.getByRole("switch", { name: "Follow" }));
    const comment = screen.getByRole("switch", { name: "Comment" }) as HTMLInputElement;
    expect(comment.checked).toBe(true);
    await user.click(comment);
    expect(await screen.findByText("Comment can't be switched off: Follow needs it.")).toBeTruthy();
    expect((screen.getByRole("switch", { name: "Comment" }) as HTMLInputElement).checked).toBe(true);
  });
});

describe("an error tied to other fields (§5)", () => {
  it('drops "Follow – Can\'t be checked alone" as soon as Repost and Like are switched on', async () => {
    const form = validForm(config, ["twitter"]);
    const actions = form.sources[0]?.actions as Record<string, { enabled: boolean }>;
    for (const [name, action] of Object.entries(actions)) action.enabled = name === "follow";
    renderBuilder({ origin: { kind: "draft", id: "draft-1" }, config, routes: draftWith(form) });
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /X \(Twitter\)/ }));
    await user.click(screen.getByRole("tab", { name: /Actions/ }));
    const follow = () =>
      document.querySelector('[data-path="sources.0.actions.follow.enabled"]') as HTMLElement;
    // Leaving the switch validates it: follow alone is refused.
    screen.getByRole("switch", { name: "Follow" }).focus();
    await user.tab();
    expect((await within(follow()).findByRole("alert")).textContent).toBe(" – Can't be checked alone.");
    await user.click(screen.getByRole("switch", { name: "Repost" }));
    await waitFor(() => expect(within(follow()).queryByRole("alert")).toBeNull());
    await user.click(screen.getByRole("switch", { name: "Like" }));
    expect(within(follow()).queryByRole("alert")).toBeNull();
  });
});

describe("the builder countdown (§2)", () => {
  it("shows minutes and seconds over the last 900 seconds before start minus the lead", async () => {
    const form = validForm(config);
    // Start in 5 min (the rule's lead) + 10 min: 600 s left to submit with this start.
    form.base.start_date = new Date(Date.now() + 15 * 60_000 + 30_000).toISOString();
    renderBuilder({ origin: { kind: "draft", id: "draft-1" }, config, routes: draftWith(form) });
    await opened();
    const timer = await screen.findByRole("timer");
    expect(timer.textContent).toMatch(/^(10|09):\d\d$/);
  });

  it("shows nothing while the start is far ahead", async () => {
    renderBuilder({ origin: { kind: "draft", id: "draft-1" }, config, routes: draftWith(validForm(config)) });
    await opened();
    expect(screen.queryByRole("timer")).toBeNull();
  });
});
