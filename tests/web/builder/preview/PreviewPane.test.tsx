import { fireEvent, render, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { BuilderForm } from "../../../../engine/builder/form";
import {
  emptyPreviewForm,
  facebookOnlyForm,
  previewForm,
  twitterOnlyForm,
} from "../../../../stories/builder/preview/fixtures";
import { teamAccounts, testConfig, WithProviders } from "../../../../stories/builder/widgets/fixtures";
import { PreviewPane, PublicationPreview } from "../../../../web/src/builder/preview";
import { activateLocale } from "../../../../web/src/i18n/activate";

beforeAll(() => activateLocale("en"));

function renderPane(form: BuilderForm, drawLink?: string) {
  return render(
    <WithProviders>
      <PreviewPane form={form} config={testConfig} locale="en" accounts={teamAccounts} drawLink={drawLink} />
    </WithProviders>,
  );
}

const tabNames = (network: string) =>
  within(screen.getByRole("tablist", { name: `Publications on ${network}` }))
    .getAllByRole("tab")
    .map((t) => t.textContent);

describe("PreviewPane", () => {
  it("has a tab for each publication of a twitter source, winning moments included", () => {
    renderPane(twitterOnlyForm);
    expect(tabNames("X (Twitter)")).toEqual([
      "Main publication",
      "Reminder 1",
      "Reminder 2",
      "Winning moment: won",
      "Winning moment: lost",
      "Remind to follow",
      "Closing publication",
      "Winners publication",
      "Private message",
    ]);
  });

  it("has only the publications a facebook source makes", () => {
    renderPane(facebookOnlyForm);
    expect(tabNames("Facebook")).toEqual(["Main publication", "Reminder 1", "Closing publication"]);
  });

  it("shows each source of the contest with its own tabs", () => {
    renderPane(previewForm);
    expect(screen.getAllByRole("tablist")).toHaveLength(2);
    expect(screen.getByRole("heading", { name: "X (Twitter), source 1" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Facebook, source 2" })).toBeTruthy();
  });

  it("draws the main publication as a post of the account, mentions, hashtags and links highlighted", () => {
    renderPane(twitterOnlyForm, "https://draw.brand.example/verify/abc123");
    const post = screen.getByRole("article", { name: "Publication by Fairdraw" });
    expect(within(post).getByText("@fairdraw", { selector: ".post-handle" })).toBeTruthy();
    expect(within(post).getByText("@Partner_Shop").className).toBe("post-mention");
    expect(within(post).getByText("#SummerDraw").className).toBe("post-hashtag");
    expect(within(post).getByRole("link", { name: "https://fairdraw.app/rules" })).toBeTruthy();
    // {DRAW_LINK} as the post will carry it, not a sample shortlink.
    expect(
      within(post).getByText("https://draw.brand.example/verify/abc123").getAttribute("data-token"),
    ).toBe("{DRAW_LINK}");
    expect(post.querySelector(".media-grid")?.getAttribute("data-count")).toBe("2");
  });

  it("moves between the tabs with the arrow keys, Home and End", () => {
    renderPane(twitterOnlyForm);
    const first = screen.getByRole("tab", { name: "Main publication" });
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowRight" });
    const second = screen.getByRole("tab", { name: "Reminder 1" });
    expect(second.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(second);
    expect(screen.getByRole("tabpanel").textContent).toContain("Two days left!");
    fireEvent.keyDown(second, { key: "End" });
    expect(screen.getByRole("tab", { name: "Private message" }).getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "ArrowRight" });
    expect(screen.getByRole("tab", { name: "Main publication" }).getAttribute("aria-selected")).toBe("true");
  });

  it("marks a dark post and quotes the main publication under a quote", () => {
    renderPane(twitterOnlyForm);
    fireEvent.click(screen.getByRole("tab", { name: "Reminder 1" }));
    const panel = screen.getByRole("tabpanel");
    expect(within(panel).getByText("Dark post: shown only as an ad, not on the profile")).toBeTruthy();
    expect(panel.querySelector(".post-quoted")?.textContent).toContain("Giveaway!");
  });

  it("draws a retweet as a repost of the main publication, without text of its own", () => {
    renderPane(twitterOnlyForm);
    fireEvent.click(screen.getByRole("tab", { name: "Reminder 2" }));
    const panel = screen.getByRole("tabpanel");
    expect(within(panel).getByText("Fairdraw reposted")).toBeTruthy();
    expect(within(panel).queryByText("No text yet.")).toBeNull();
  });

  it("shows the winners publication with its four media and the winners as sample handles", () => {
    renderPane(twitterOnlyForm);
    fireEvent.click(screen.getByRole("tab", { name: "Winners publication" }));
    const panel = screen.getByRole("tabpanel");
    expect(panel.querySelector(".media-grid")?.getAttribute("data-count")).toBe("4");
    expect(panel.querySelectorAll(".media-grid video")).toHaveLength(1);
    expect(within(panel).getByText("@winner_1, @winner_2").getAttribute("data-token")).toBe("{WINNERS}");
  });

  it("draws the private message as a message to the winner, with the name token as a sample", () => {
    renderPane(twitterOnlyForm);
    fireEvent.click(screen.getByRole("tab", { name: "Private message" }));
    const message = screen.getByRole("article", { name: "Private message" });
    expect(within(message).getByText("Alex").getAttribute("data-token")).toBe("{NAME}");
  });

  it("says there is nothing to preview without a source", () => {
    renderPane(emptyPreviewForm);
    expect(screen.getByText("Add a source to see its publications here.")).toBeTruthy();
  });
});

describe("PublicationPreview", () => {
  it("draws one to four media, never more", () => {
    const files = ["a", "b", "c", "d", "e"].map((uuid) => ({ uuid, mime: "image/png", size: 1 }));
    for (const n of [1, 2, 3, 4, 5]) {
      const { container, unmount } = render(
        <WithProviders>
          <PublicationPreview
            provider="twitter"
            author={{ name: "Fairdraw", screen_name: "fairdraw" }}
            text="Hello"
            media={files.slice(0, n)}
            locale="en"
          />
        </WithProviders>,
      );
      expect(container.querySelector(".media-grid")?.getAttribute("data-count")).toBe(String(Math.min(n, 4)));
      unmount();
    }
  });

  it("says when a publication has no text yet", () => {
    render(
      <WithProviders>
        <PublicationPreview
          provider="facebook"
          author={{ name: "Page", screen_name: "page" }}
          text=""
          media={[]}
          locale="en"
        />
      </WithProviders>,
    );
    expect(screen.getByText("No text yet.")).toBeTruthy();
  });

  it("marks a network that leads with its media (Instagram) so its image shows square, not cropped to a banner", () => {
    const media = [{ uuid: "square", mime: "image/png", size: 1 }];
    const post = (provider: string) => {
      const { container, unmount } = render(
        <WithProviders>
          <PublicationPreview
            provider={provider}
            author={{ name: "Brand", screen_name: "brand" }}
            text="Hello"
            media={media}
            locale="en"
          />
        </WithProviders>,
      );
      const article = container.querySelector("article.post");
      const marked = article?.hasAttribute("data-media-first");
      // The media come before the text there, as on the network.
      const first = article?.querySelector(".media-grid, .post-text");
      unmount();
      return { marked, mediaFirst: first?.classList.contains("media-grid") };
    };
    expect(post("instagram")).toEqual({ marked: true, mediaFirst: true });
    expect(post("twitter")).toEqual({ marked: false, mediaFirst: false });
  });
});
