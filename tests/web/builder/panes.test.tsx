import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { tabsOf } from "../../../web/src/builder/schema/pane-form";
import { FIXTURE_PROVIDERS, fixtureConfig, validForm } from "../../../web/src/builder/testing/fixtures";
import { json } from "../../../web/src/testing/fake-api";
import { opened, renderBuilder, sidebarEntry } from "./render";

async function addSource(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  await user.click(screen.getAllByRole("button", { name: /Add a source/ })[0] as HTMLElement);
  const dialog = await screen.findByRole("dialog", { name: "Add a source" });
  await user.click(within(dialog).getByRole("button", { name }));
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add a source" })).toBeNull());
}

function tabNames(): string[] {
  return screen.queryAllByRole("tab").map((t) => t.lastChild?.textContent?.trim() ?? "");
}

describe("panes rendered from the schemas", () => {
  it("gives twitter the publication, actions, reminders, filters and others tabs", async () => {
    renderBuilder();
    await opened();
    const user = userEvent.setup();
    await addSource(user, /Twitter/);
    expect(tabNames()).toEqual(["Publication", "Actions", "Reminders", "Filters", "Others"]);
  });

  it("gives instagram and facebook no filters tab", async () => {
    renderBuilder();
    await opened();
    const user = userEvent.setup();
    await addSource(user, /Instagram/);
    expect(tabNames()).toEqual(["Publication", "Actions", "Reminders", "Others"]);
    await addSource(user, /Facebook/);
    expect(tabNames()).toEqual(["Publication", "Actions", "Reminders", "Others"]);
  });

  it("takes every provider's tabs from its sidecar's tab hints", () => {
    const config = fixtureConfig();
    for (const provider of FIXTURE_PROVIDERS) {
      const rules = config.sources[provider];
      if (!rules) throw new Error(provider);
      const hinted = new Set(
        Object.values(rules.fields).flatMap((f) => (f.ui?.tab && f.ui.widget !== "hidden" ? [f.ui.tab] : [])),
      );
      expect(new Set(tabsOf(rules))).toEqual(hinted);
    }
  });

  it("renders a source tab's fields from the sidecar and switches tabs", async () => {
    renderBuilder();
    await opened();
    const user = userEvent.setup();
    await addSource(user, /Twitter/);
    expect(screen.getByLabelText("Text")).toBeTruthy();
    expect(screen.getByText("Publishing account")).toBeTruthy();
    await user.click(screen.getByRole("tab", { name: /Actions/ }));
    expect(screen.getByRole("switch", { name: "Repost" })).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Like" })).toBeTruthy();
    await user.click(screen.getByRole("tab", { name: /Filters/ }));
    expect(screen.getByRole("switch", { name: "Anti-bots filter" })).toBeTruthy();
  });

  it("shows the fields an option turns on only while it is on", async () => {
    renderBuilder({ origin: { kind: "new" } });
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Basic information/ }));
    expect(screen.queryByText("Winners of the last months")).toBeNull();
    await user.click(screen.getByRole("switch", { name: "Exclude previous winners" }));
    expect(await screen.findByText("Winners of the last months")).toBeTruthy();
  });
});

describe("plan and config gates", () => {
  it("shows a plan-gated option with a star to the plans, disabled, naming the plan that has it", async () => {
    const features = fixtureConfig().team.features.filter((f) => f !== "draw.manualCheck");
    renderBuilder({ fixture: { features } });
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Basic information/ }));
    const toggle = screen.getByRole("switch", { name: "Manual check of the winners" }) as HTMLInputElement;
    expect(toggle.disabled).toBe(true);
    const field = toggle.closest("[data-path]") as HTMLElement;
    const star = within(field).getByRole("link", { name: "Needs a higher plan: see the plans" });
    expect(star.getAttribute("href")).toBe("/team/subscription");
    expect(
      within(field).getByText("You don't have access to that feature: it comes with the Advanced plan."),
    ).toBeTruthy();
    // An option of the plan is not gated.
    expect((screen.getByRole("switch", { name: "Automatic draw" }) as HTMLInputElement).disabled).toBe(false);
  });

  it("disables a field the config marks can_edit false", async () => {
    renderBuilder({ fixture: { canEdit: { base: { nb_winners: false } } } });
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Basic information/ }));
    expect((screen.getByLabelText("Number of winners") as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText("Contest name") as HTMLInputElement).disabled).toBe(false);
  });

  it("disables the anti-bots switches the sidecar marks can_edit false", async () => {
    renderBuilder();
    await opened();
    const user = userEvent.setup();
    await addSource(user, /Twitter/);
    await user.click(screen.getByRole("tab", { name: /Filters/ }));
    expect((screen.getByRole("switch", { name: "Anti-bots filter" }) as HTMLInputElement).disabled).toBe(
      true,
    );
  });

  it("says beside the winners publication switch why it is off and where the winners are announced", async () => {
    renderBuilder();
    await opened();
    const user = userEvent.setup();
    await addSource(user, /Twitter/);
    await user.click(screen.getByRole("tab", { name: /Others/ }));
    const toggle = screen.getByRole("switch", { name: "Winners publication" }) as HTMLInputElement;
    expect(toggle.disabled).toBe(true);
    const described = (toggle.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ");
    expect(described).toContain("the winners announcement is made from the contest's Drawing page");
  });
});

describe("the summary's recap", () => {
  it("recaps the dates, the winners and each source's actions, with a way back to each", async () => {
    const config = fixtureConfig();
    const form = validForm(config, ["twitter"]);
    renderBuilder({
      origin: { kind: "draft", id: "draft-1" },
      config,
      routes: {
        "GET /teams/current/contests/draft-1": json({ _id: "draft-1", status: "draft", cb_data: form }),
      },
    });
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Summary/ }));
    const recap = await screen.findByRole("region", { name: "Your contest" });
    expect(within(recap).getByText("Dates")).toBeTruthy();
    expect(within(recap).getByText("X (Twitter)")).toBeTruthy();
    const actions = within(recap).getByText("Actions").closest("li") as HTMLElement;
    expect(actions.textContent).toMatch(/Comment/);
    await user.click(within(recap).getByRole("button", { name: "Edit Actions of X (Twitter)" }));
    await waitFor(() => expect(screen.getByRole("heading", { name: "X (Twitter)", level: 3 })).toBeTruthy());
    expect(screen.getByRole("tab", { name: /Actions/ }).getAttribute("aria-selected")).toBe("true");
    await user.click(screen.getByRole("button", { name: /Summary/ }));
    await user.click(
      within(await screen.findByRole("region", { name: "Your contest" })).getByRole("button", {
        name: "Edit the dates",
      }),
    );
    await waitFor(() => expect(document.activeElement?.id).toBe("fd-base.start_date"));
  });

  it("says there are no dates yet rather than 'from not set to not set'", async () => {
    const config = fixtureConfig();
    const form = validForm(config, ["twitter"]);
    const undated = { ...form, base: { ...form.base, start_date: "", close_date: "" } };
    renderBuilder({
      origin: { kind: "draft", id: "draft-1" },
      config,
      routes: {
        "GET /teams/current/contests/draft-1": json({ _id: "draft-1", status: "draft", cb_data: undated }),
      },
    });
    await opened();
    await userEvent.setup().click(screen.getByRole("button", { name: /Summary/ }));
    const recap = await screen.findByRole("region", { name: "Your contest" });
    const dates = within(recap).getByText("Dates").closest("div") as HTMLElement;
    expect(dates.textContent).toContain("No dates yet");
    expect(dates.textContent).not.toContain("not set");
  });
});

describe("adding sources", () => {
  it("refuses a network past its maxSourcesLimitCB and hides the link when nothing can be added", async () => {
    const config = fixtureConfig({ maxSources: { twitter: 1 } });
    // Only twitter in this config: once its one source is added, no source can be added at all.
    const only = {
      ...config,
      sources: { twitter: config.sources.twitter as NonNullable<typeof config.sources.twitter> },
    };
    only.providers = { twitter: { maxSourcesLimitCB: 1 } };
    renderBuilder({ config: only });
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getAllByRole("button", { name: /Add a source/ })[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Add a source" });
    expect(within(dialog).getAllByRole("button", { name: /Twitter/ })).toHaveLength(1);
    await user.click(within(dialog).getByRole("button", { name: /Twitter/ }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add a source" })).toBeNull());
    expect(screen.getByRole("heading", { name: "X (Twitter)" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Add a source/ })).toBeNull();
  });

  it("offers a network again while it is under its limit and says why it is refused", async () => {
    renderBuilder({ fixture: { maxSources: { twitter: 1, instagram: 2 } } });
    await opened();
    const user = userEvent.setup();
    await addSource(user, /Twitter/);
    await user.click(screen.getAllByRole("button", { name: /Add a source/ })[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Add a source" });
    const twitter = within(dialog).getByRole("button", { name: /Twitter/ }) as HTMLButtonElement;
    expect(twitter.disabled).toBe(true);
    expect(within(dialog).getByText("At most 1 source(s) of this network.")).toBeTruthy();
    expect((within(dialog).getByRole("button", { name: /Instagram/ }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    fireEvent.keyDown(document, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add a source" })).toBeNull());
  });

  it("lists the sources with their text or an empty warning, and deletes one after confirmation", async () => {
    renderBuilder();
    await opened();
    const user = userEvent.setup();
    await addSource(user, /Twitter/);
    await user.type(screen.getByLabelText("Text"), "Retweet to win");
    await addSource(user, /Instagram/);
    await user.click(sidebarEntry("Sources"));
    expect(await screen.findByText("Retweet to win")).toBeTruthy();
    expect(screen.getByText("The main publication is empty.")).toBeTruthy();
    expect(screen.getAllByText(/Published by Demo/)).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Delete the Instagram source" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete the Instagram source?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByText("The main publication is empty.")).toBeNull());
    expect(screen.getByRole("button", { name: "Show the X (Twitter) source" })).toBeTruthy();
  });
});
