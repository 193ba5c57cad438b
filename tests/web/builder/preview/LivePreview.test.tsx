/** The live preview beside a source's editor (issue 15): the publication being edited, in its network's chrome. */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fixtureConfig, validForm } from "../../../../web/src/builder/testing/fixtures";
import { json } from "../../../../web/src/testing/fake-api";
import { opened, renderBuilder } from "../render";

const config = fixtureConfig();

function openDraft(form: ReturnType<typeof validForm>) {
  renderBuilder({
    origin: { kind: "draft", id: "draft-1" },
    config,
    routes: {
      "GET /teams/current/contests/draft-1": json({ _id: "draft-1", status: "draft", cb_data: form }),
    },
  });
}

const preview = () => screen.getByRole("region", { name: /^Preview/ });

describe("the live preview beside a source's editor", () => {
  it("draws the main publication as an X post and follows the text as it is typed", async () => {
    openDraft(validForm(config, ["twitter"]));
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /X \(Twitter\)/ }));
    const post = within(preview()).getByRole("article");
    expect(post.className).toContain("post-twitter");
    expect(within(preview()).getByText("Main publication")).toBeTruthy();
    expect(post.textContent).toContain("Win a prize on twitter!");
    // X's reaction bar, from schemas/providers/twitter.json ui.post.counters.
    expect([...post.querySelectorAll("[data-counter]")].map((c) => c.getAttribute("data-counter"))).toEqual([
      "reply",
      "repost",
      "like",
      "view",
      "bookmark",
      "share",
    ]);
    expect(post.querySelectorAll(".media-grid img")).toHaveLength(1);
    const text = screen.getByLabelText("Text");
    await user.clear(text);
    await user.type(text, "Follow @fairdraw #giveaway");
    await waitFor(() =>
      expect(within(preview()).getByRole("article").textContent).toContain("Follow @fairdraw"),
    );
    expect(within(preview()).getByText("@fairdraw").className).toBe("post-mention");
    expect(within(preview()).getByText("#giveaway").className).toBe("post-hashtag");
    // Typing does not validate: nothing in the side pane yet.
    expect(screen.getByText("No error found so far.")).toBeTruthy();
  });

  it("shows the publication whose field has focus: a reminder's text shows that reminder", async () => {
    const form = validForm(config, ["twitter"]);
    const source = form.sources[0] as Record<string, unknown>;
    source.reminders = {
      ...(source.reminders as object),
      enabled: true,
      list: [
        {
          id: "r1",
          type: "quote",
          creation_date: null,
          content: "First reminder",
          media: { files: [], count: 0 },
        },
        {
          id: "r2",
          type: "reply",
          creation_date: null,
          content: "Last call!",
          media: { files: [], count: 0 },
        },
      ],
    };
    openDraft(form);
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /X \(Twitter\)/ }));
    await user.click(screen.getByRole("tab", { name: /Reminders/ }));
    const input = document.getElementById("fd-sources.0.reminders.list.1.content");
    expect(input).toBeTruthy();
    (input as HTMLElement).focus();
    await waitFor(() => expect(within(preview()).getByText("Reminder 2")).toBeTruthy());
    expect(within(preview()).getByRole("article").textContent).toContain("Last call!");
    expect(within(preview()).getByText("Replying to the main publication")).toBeTruthy();
  });

  it("shows a Facebook page's name without a handle, with Facebook's reaction bar", async () => {
    openDraft(validForm(config, ["facebook"]));
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Facebook/ }));
    const post = within(preview()).getByRole("article");
    expect(post.querySelector(".post-handle")).toBeNull();
    expect([...post.querySelectorAll("[data-counter]")].map((c) => c.getAttribute("data-counter"))).toEqual([
      "like",
      "comment",
      "share",
    ]);
    // Facebook's own blue darkened to read at 4.5:1 on white (schemas/providers/facebook.json ui.post).
    expect(post.style.getPropertyValue("--post-link")).toBe("#0068D6");
  });

  it("has a Preview toggle that shows it above the form where it is not beside it", async () => {
    openDraft(validForm(config, ["twitter"]));
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /X \(Twitter\)/ }));
    const toggle = screen.getByRole("button", { name: "Preview" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.getElementById("builder-inline-preview")?.children).toHaveLength(0);
    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const inline = document.getElementById("builder-inline-preview") as HTMLElement;
    expect(within(inline).getByRole("article").textContent).toContain("Win a prize on twitter!");
  });
});
