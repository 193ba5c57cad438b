import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fixtureConfig, validForm } from "../../../web/src/builder/testing/fixtures";
import { json } from "../../../web/src/testing/fake-api";
import { opened, renderBuilder } from "./render";

const config = fixtureConfig();

async function openMenuItem(name: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Menu" }));
  await user.click(screen.getByRole("menuitem", { name }));
  return user;
}

describe("builder settings and replace links", () => {
  it("saves the team's shortlink-on-paste choice", async () => {
    const { api } = renderBuilder({ routes: { "POST /teams/current": json({}) } });
    await opened();
    const user = await openMenuItem("Settings");
    const dialog = await screen.findByRole("dialog", { name: "Builder settings" });
    await user.click(within(dialog).getByRole("radio", { name: "Never make a shortlink" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Builder settings" })).toBeNull());
    expect(api.to("POST /teams/current")[0]?.body).toEqual({
      meta: { contest_builder_create_shortlinks_on_paste: "never" },
    });
  });

  it("replaces the links written in the publications with shortlinks", async () => {
    const form = validForm(config, ["twitter"]);
    (form.sources[0] as { publication: { content: string } }).publication.content =
      "Win! Rules at https://example.com/rules and https://fdr.aw/kept";
    const { api } = renderBuilder({
      origin: { kind: "draft", id: "draft-1" },
      config,
      routes: {
        "GET /teams/current/contests/draft-1": json({ _id: "draft-1", status: "draft", cb_data: form }),
        "POST /teams/current/shortlinks/create": json(
          { _id: "s1", type: "random", domain: "fdraw.co", key: "aB3x", url: "https://example.com/rules" },
          201,
        ),
      },
    });
    await opened();
    const user = await openMenuItem("Settings");
    const dialog = await screen.findByRole("dialog", { name: "Builder settings" });
    await user.click(within(dialog).getByRole("button", { name: "Replace the links" }));
    expect(await within(dialog).findByText("1 link(s) replaced.")).toBeTruthy();
    expect(api.to("POST /teams/current/shortlinks/create")).toHaveLength(1);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await user.click(screen.getByRole("button", { name: /X \(Twitter\)/ }));
    expect((screen.getByLabelText("Text") as HTMLTextAreaElement).value).toBe(
      "Win! Rules at https://fdraw.co/aB3x and https://fdr.aw/kept",
    );
  });
});

describe("manage shortlinks", () => {
  it("lists the last 5 shortlinks and makes a new one", async () => {
    const links = Array.from({ length: 5 }, (_, i) => ({
      _id: `s${i}`,
      type: "random",
      domain: "fdr.aw",
      key: `key${i}`,
      url: `https://example.com/${i}`,
      nb_visits: i,
      created_at: "2026-01-01T00:00:00Z",
    }));
    const { api } = renderBuilder({
      routes: {
        "GET /teams/current/shortlinks/list": json({ data: links }),
        "POST /teams/current/shortlinks/create": json({ ...links[0], _id: "new" }, 201),
      },
    });
    await opened();
    // The sidebar's tools entry opens it (the menu's item does the same).
    const user = userEvent.setup();
    await user.click(
      within(screen.getByRole("navigation", { name: "Builder steps" })).getByRole("button", {
        name: "Shortlinks",
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Shortlinks" });
    expect(await within(dialog).findByText("https://fdr.aw/key4")).toBeTruthy();
    expect(api.to("GET /teams/current/shortlinks/list")[0]?.query.get("limit")).toBe("5");
    await user.type(within(dialog).getByLabelText("Link to shorten"), "https://example.com/new");
    await user.click(within(dialog).getByRole("button", { name: "Create the shortlink" }));
    await waitFor(() => expect(api.to("POST /teams/current/shortlinks/create")).toHaveLength(1));
    expect(api.to("POST /teams/current/shortlinks/create")[0]?.body).toEqual({
      type: "random",
      domain: "fdraw.co",
      url: "https://example.com/new",
    });
  });
});
