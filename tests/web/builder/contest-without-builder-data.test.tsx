/**
 * Editing a planned contest stored without builder data (cb_data null): the builder opens on a form built from what
 * the contest stores — name, dates, winners, sources — not on an empty form.
 */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fixtureConfig, inHours } from "../../../web/src/builder/testing/fixtures";
import { json } from "../../../web/src/testing/fake-api";
import { opened, renderBuilder } from "./render";

const config = fixtureConfig();

describe("a planned contest without builder data", () => {
  it("opens on its name, dates, number of winners and sources", async () => {
    const start = inHours(72);
    const close = inHours(240);
    renderBuilder({
      origin: { kind: "planned", id: "c-1" },
      config,
      routes: {
        "GET /teams/current/contests/c-1": json({
          _id: "c-1",
          status: "planned",
          name: "Spring giveaway",
          type: "tunnel",
          start_at: start,
          close_at: close,
          config: { is_setup: false, nb_winners: 3, autodraw: { enabled: false, autodraw_at: null } },
          paid_contest: false,
          cb_data: null,
          sources: [
            {
              _id: "s-1",
              provider: "twitter",
              post_id: null,
              shortcode: null,
              poster_id: null,
              account: { _id: "acc-twitter", screen_name: "demo_twitter" },
              actions: { retweet: { enabled: true } },
              entries_count: 0,
              reminders: [],
            },
          ],
        }),
      },
    });
    await opened();
    expect((screen.getByLabelText("Contest name") as HTMLInputElement).value).toBe("Spring giveaway");
    expect((screen.getByLabelText("Number of winners") as HTMLInputElement).value).toBe("3");
    const startButton = screen.getByRole("button", { name: /^Start date: .+\. Change the date$/ });
    expect(screen.getByRole("button", { name: /^Close date: .+\. Change the date$/ })).toBeTruthy();
    const startTime = new Intl.DateTimeFormat("en", { hour: "2-digit", minute: "2-digit" }).format(
      new Date(start),
    );
    expect(startButton.textContent).toContain(startTime);
    // Its source, with the publishing account and the action it stores.
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /X \(Twitter\)/ }));
    const account = screen.getByRole("combobox", { name: "Publishing account" }) as HTMLSelectElement;
    expect(account.selectedOptions[0]?.textContent).toContain("@demo_twitter");
    await user.click(screen.getByRole("tab", { name: /Actions/ }));
    expect((screen.getByRole("switch", { name: "Repost" }) as HTMLInputElement).checked).toBe(true);
  });
});
