import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { detectPost, importNameError, quickdrawCheckoutUrl } from "../../../web/src/contest/providers";
import { TWITTER_NOTICE_KEY } from "../../../web/src/dialogs/TwitterRegistrationNoticeDialog";
import { activateLocale } from "../../../web/src/i18n/activate";
import QuickdrawPage from "../../../web/src/pages/contests/QuickdrawPage";
import { PROVIDERS } from "../../../web/src/providers";
import { error, invalid } from "../../../web/src/testing/fake-api";
import { demoUser, userWith } from "../../../web/src/testing/fixtures";
import { Providers } from "../../../web/src/testing/Providers";
import { mockApi } from "../mock-api";

beforeAll(() => activateLocale("en"));
beforeEach(() => localStorage.clear());

const INSTAGRAM = "https://www.instagram.com/p/C8xYz12AbCd/";
const X_POST = "https://x.com/fairdraw/status/1790000000000000000";

function renderPage(user = demoUser) {
  render(
    <Providers user={user} path="/contests/quickdraw">
      <QuickdrawPage />
    </Providers>,
  );
}

function paste(url: string) {
  fireEvent.change(screen.getByLabelText("Link of the post"), { target: { value: url } });
}

function name(value: string) {
  fireEvent.change(screen.getByLabelText("Contest name"), { target: { value } });
}

describe("quick draw: reading a post link", () => {
  const examples = PROVIDERS.filter((p) => p.quickdraw).flatMap((p) =>
    (p.url_examples ?? []).map((e) => [p.name, e.url, e.post_id] as const),
  );

  it.each(examples)("reads a %s post from %s", (provider, url, postId) => {
    expect(detectPost(url)).toMatchObject({ provider, post_id: postId });
  });

  it("reads a link pasted without its scheme, and keeps it as https", () => {
    expect(detectPost("  x.com/fairdraw/status/123  ")).toMatchObject({
      provider: "twitter",
      post_id: "123",
      url: "https://x.com/fairdraw/status/123",
    });
  });

  it.each([
    "https://example.com/post/1",
    "https://x.com/fairdraw",
    "not a link",
    "https://www.linkedin.com/feed/update/1",
  ])("reads no post from %s", (url) => {
    expect(detectPost(url)).toBeNull();
  });

  it("names the network as soon as a link is pasted, and says when it is none", () => {
    renderPage();
    paste(INSTAGRAM);
    expect(screen.getByText(/recognised/)).toBeTruthy();
    expect(screen.getByRole("region", { name: "Post preview" }).getAttribute("data-provider")).toBe(
      "instagram",
    );
    paste("https://example.com/p/1");
    expect(screen.getByText(/This link is not a post of a network Fairdraw can import from/)).toBeTruthy();
    expect(screen.queryByLabelText("Contest name")).toBeNull();
  });
});

describe("quick draw: the name", () => {
  it.each([
    ["abc", "Must be at least 4 characters."],
    ["a".repeat(51), "May not be greater than 50 characters."],
    ["    ", "Is required."],
  ])("refuses %j with the engine's message", (value, message) => {
    expect(importNameError(value.trim(), "en")).toBe(message);
  });

  it.each(["abcd", "a".repeat(50)])("accepts %j", (value) => {
    expect(importNameError(value, "en")).toBeNull();
  });

  it("speaks French when the person does", () => {
    expect(importNameError("abc", "fr")).toMatch(/4/);
    expect(importNameError("abc", "fr")).not.toBe(importNameError("abc", "en"));
  });

  it("shows the rule at the field and does not call the server", () => {
    const { calls } = mockApi({});
    renderPage();
    paste(INSTAGRAM);
    name("abc");
    fireEvent.click(screen.getByRole("button", { name: "Import the post" }));
    expect(screen.getByRole("alert").textContent).toBe("Must be at least 4 characters.");
    expect(screen.getByLabelText("Contest name").getAttribute("aria-invalid")).toBe("true");
    expect(calls).toHaveLength(0);
  });
});

describe("quick draw: the import", () => {
  it("posts the network, the link, the confirmation and the name, then goes to the contest", async () => {
    const { calls } = mockApi({
      "POST /teams/current/contests/quickdraw": () => ({ status: 201, body: { contest_id: "c-9" } }),
    });
    renderPage();
    paste(INSTAGRAM);
    name("  Spring draw  ");
    fireEvent.click(screen.getByRole("button", { name: "Import the post" }));
    await screen.findByRole("dialog", { name: "The post is imported" });
    expect(calls[0]?.body).toEqual({
      provider: "instagram",
      matched: INSTAGRAM,
      confirm: true,
      name: "Spring draw",
    });
  });

  it("shows the server's message at the name field on a 422", async () => {
    mockApi({
      "POST /teams/current/contests/quickdraw": () => invalid({ name: "Server says no." }),
    });
    renderPage();
    paste(INSTAGRAM);
    name("Spring draw");
    fireEvent.click(screen.getByRole("button", { name: "Import the post" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Server says no.");
  });

  it("offers the one-shot purchase, a full-page link with the import's values, when no import is left", async () => {
    mockApi({
      "POST /teams/current/contests/quickdraw": () =>
        error(403, "importsQuotaExceeded", "Your team used its 4 quick draws of the month.", {
          uid: "err-1",
        }),
    });
    renderPage();
    paste(INSTAGRAM);
    name("Spring draw");
    fireEvent.click(screen.getByRole("button", { name: "Import the post" }));
    const buy = await screen.findByRole("link", { name: "Buy a one-shot quick draw" });
    expect(screen.getByText("Your team used its 4 quick draws of the month.")).toBeTruthy();
    const href = new URL(buy.getAttribute("href") ?? "", "http://localhost");
    expect(href.pathname).toBe("/checkout-session/one-shot/quickdraw");
    expect(Object.fromEntries(href.searchParams)).toEqual({
      name: "Spring draw",
      provider: "instagram",
      matched: INSTAGRAM,
    });
  });

  it("goes straight to the purchase when the team's plan has no imports at all", () => {
    const { calls } = mockApi({});
    renderPage(
      userWith((u) => {
        (u.currentTeam.quotas as { imports?: number }).imports = 0;
      }),
    );
    paste(INSTAGRAM);
    expect(screen.queryByRole("button", { name: "Import the post" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Buy a one-shot quick draw" })).toBeNull();
    name("Spring draw");
    expect(screen.getByRole("link", { name: "Buy a one-shot quick draw" }).getAttribute("href")).toBe(
      quickdrawCheckoutUrl({ name: "Spring draw", provider: "instagram", matched: INSTAGRAM }),
    );
    expect(calls).toHaveLength(0);
  });

  it("shows the X (Twitter) notice before importing a post of X, then imports", async () => {
    const { calls } = mockApi({
      "POST /teams/current/contests/quickdraw": () => ({ status: 201, body: { contest_id: "c-10" } }),
    });
    renderPage();
    paste(X_POST);
    name("X draw");
    fireEvent.click(screen.getByRole("button", { name: "Import the post" }));
    const notice = screen.getByRole("dialog", { name: "Contests on X (Twitter)" });
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByLabelText("Don't show this again"));
    fireEvent.click(screen.getByRole("button", { name: "I understand, continue" }));
    expect(notice.isConnected).toBe(false);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ provider: "twitter", matched: X_POST });
    expect(localStorage.getItem(TWITTER_NOTICE_KEY)).toBe("1");
  });

  it("does not show the import to a member who may not import", () => {
    renderPage(
      userWith((u) => {
        u.permissions["team.contests.import_contests"] = false;
      }),
    );
    expect(screen.getByText("You don't have the permission to import contests in this team.")).toBeTruthy();
    expect(screen.queryByLabelText("Link of the post")).toBeNull();
  });
});
