import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fixtureConfig, validForm } from "../../../web/src/builder/testing/fixtures";
import { activateLocale } from "../../../web/src/i18n/activate";
import { json } from "../../../web/src/testing/fake-api";
import { opened, renderBuilder } from "./render";

async function basePane() {
  renderBuilder();
  await opened();
  const user = userEvent.setup();
  await user.click(document.querySelector('.builder-sidebar [data-pane="1"]') as HTMLElement);
  return user;
}

function fieldOf(path: string): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[data-path="${path}"]`);
  if (!el) throw new Error(path);
  return el;
}

describe("validation on demand", () => {
  it("shows no new error while typing, the first message once the field is left, and drops it when fixed", async () => {
    const user = await basePane();
    const name = screen.getByLabelText("Contest name");
    await user.type(name, "ab");
    expect(within(fieldOf("base.name")).queryByRole("alert")).toBeNull();
    await user.tab();
    const error = await within(fieldOf("base.name")).findByRole("alert");
    expect(error.textContent).toBe(" – Must be at least 4 characters.");
    // The keystroke that fixes it clears the error, before the field is left.
    await user.type(name, "c");
    expect(within(fieldOf("base.name")).getByRole("alert").textContent).toBe(
      " – Must be at least 4 characters.",
    );
    await user.type(name, "d");
    await waitFor(() => expect(within(fieldOf("base.name")).queryByRole("alert")).toBeNull());
  });

  it("checks the whole pane on Next and stays on it while it has errors", async () => {
    const user = await basePane();
    expect(document.querySelectorAll(".builder-field [role=alert]")).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(within(fieldOf("base.name")).getByRole("alert").textContent).toBe(" – Is required.");
    expect(within(fieldOf("base.start_date")).getByRole("alert").textContent).toBe(" – Is required.");
    expect(screen.getByRole("heading", { name: "Basic information", level: 3 })).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Builder steps" });
    expect(
      within(nav)
        .getByRole("button", { name: /Basic information/ })
        .getAttribute("data-state"),
    ).toBe("INVALID");
  });

  it("lists the pane's errors in the side pane, each a link that focuses its field", async () => {
    const user = await basePane();
    const side = screen.getByRole("complementary", { name: "Validation" });
    expect(within(side).getByText("No error found so far.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Next" }));
    const links = within(side).getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual([
      "Contest name – Is required.",
      "Start date – Is required.",
      "Close date – Is required.",
    ]);
    await user.click(links[0] as HTMLElement);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Contest name")));
  });

  it("turns the side pane's steps green as they become valid", async () => {
    const user = await basePane();
    await user.type(screen.getByLabelText("Contest name"), "Summer giveaway");
    await user.tab();
    const side = screen.getByRole("complementary", { name: "Validation" });
    await waitFor(() =>
      expect(within(side).getByText("Name").closest("li")?.getAttribute("data-state")).toBe("VALID"),
    );
    expect(within(side).getByText("Dates").closest("li")?.getAttribute("data-state")).toBe("REQUIRED");
  });

  it("words the engine's messages in French when the interface is in French", async () => {
    await activateLocale("fr");
    try {
      const user = await basePane();
      await user.type(document.getElementById("fd-base.name") as HTMLElement, "ab");
      await user.tab();
      const error = await within(fieldOf("base.name")).findByRole("alert");
      expect(error.textContent).toMatch(/^ – .+/);
      expect(error.textContent).not.toContain("Must be at least");
    } finally {
      await activateLocale("en");
    }
  });
});

describe("a winning-moment reply sent to each entrant", () => {
  it("says on the reply's field, before Create, that it must name the entrant with {NAME}", async () => {
    const config = fixtureConfig();
    const form = validForm(config, ["twitter"]);
    const source = form.sources[0] as unknown as {
      actions: { comment: Record<string, unknown> };
      winning_moments: Record<string, unknown>;
    };
    source.actions.comment = { ...source.actions.comment, enabled: true, accept: "only_replies" };
    const start = new Date(String(form.base.start_date)).getTime();
    form.base.nb_winners = 1;
    source.winning_moments = {
      ...source.winning_moments,
      enabled: true,
      nb_attempts: 1,
      list: [{ date: new Date(start + 60 * 60_000).toISOString(), won: false }],
      won_publication: { content: "You won, {NAME}!", media: { files: [], count: 0 }, dark: false },
      lost_publication: { content: "Not this time!", media: { files: [], count: 0 }, dark: false },
    };
    renderBuilder({
      origin: { kind: "draft", id: "draft-1" },
      config,
      routes: {
        "GET /teams/current/contests/draft-1": json({
          _id: "draft-1",
          status: "draft",
          name: "Moments",
          paid_contest: false,
          cb_data: form,
        }),
      },
    });
    await opened();
    await userEvent.setup().click(screen.getByRole("button", { name: "Create contest" }));
    const field = await waitFor(() => fieldOf("sources.0.winning_moments.lost_publication.content"));
    const alert = await within(field).findByRole("alert");
    expect(alert.textContent).toBe(
      " – Sent to each entrant, this reply must contain {NAME}, filled in for each one: the network refuses the same text twice from one account.",
    );
    expect(
      fieldOf("sources.0.winning_moments.won_publication.content").querySelector("[role=alert]"),
    ).toBeNull();
    expect(screen.queryByRole("dialog", { name: "Create the contest" })).toBeNull();
  });
});
