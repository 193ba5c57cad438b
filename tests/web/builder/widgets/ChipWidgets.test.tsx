import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { formWith, makeContext } from "../../../../stories/builder/widgets/fixtures";
import { ExcludedAccountsWidget } from "../../../../web/src/builder/widgets/ExcludedAccountsWidget";
import { KeywordsWidget } from "../../../../web/src/builder/widgets/KeywordsWidget";
import { ManualCheckReasonsWidget } from "../../../../web/src/builder/widgets/ManualCheckReasonsWidget";
import { activateLocale } from "../../../../web/src/i18n/activate";
import { renderWidget } from "./render";

beforeAll(() => activateLocale("en"));

const arraySchema = { type: "array" as const, items: { type: "string" as const } };

function chips(): string[] {
  return within(screen.getByRole("list"))
    .queryAllByRole("listitem")
    .map((li) => li.firstChild?.textContent ?? "");
}

function type(input: HTMLElement, text: string, key: "Enter" | "," = "Enter") {
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key });
}

describe("KeywordsWidget (bad words)", () => {
  function setup(list: string[] = []) {
    const ctx = makeContext({ form: formWith([], { exclude_contains_badword: { enabled: true, list } }) });
    renderWidget({
      widget: KeywordsWidget,
      ctx,
      path: "base.exclude_contains_badword.list",
      label: "Bad words",
      schema: arraySchema,
    });
    return { ctx, input: screen.getByLabelText("Bad words") };
  }

  it("adds what is typed on Enter, its inner spaces collapsed", () => {
    const { ctx, input } = setup();
    type(input, "  free   stuff ");
    expect(chips()).toEqual(["free stuff"]);
    expect(ctx.form.base.exclude_contains_badword).toEqual({ enabled: true, list: ["free stuff"] });
    expect((input as HTMLInputElement).value).toBe("");
  });

  it("adds on a comma, several at once when pasted with commas", () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: "spam, scam,bot" } });
    expect(chips()).toEqual(["spam", "scam"]);
    expect((input as HTMLInputElement).value).toBe("bot");
    fireEvent.keyDown(input, { key: "," });
    expect(chips()).toEqual(["spam", "scam", "bot"]);
  });

  it("ignores a duplicate, a lone # and an empty entry, and says why", () => {
    const { input } = setup(["spam"]);
    type(input, "spam");
    expect(chips()).toEqual(["spam"]);
    expect(screen.getByText("spam: Already in the list.")).toBeTruthy();
    type(input, "#");
    expect(screen.getByText("#: A # alone is not a keyword.")).toBeTruthy();
    type(input, "   ");
    expect(chips()).toEqual(["spam"]);
  });

  it("removes the last chip with Backspace in an empty input, and any chip with its button", () => {
    const { input } = setup(["a1", "b2", "c3"]);
    fireEvent.keyDown(input, { key: "Backspace" });
    expect(chips()).toEqual(["a1", "b2"]);
    fireEvent.click(screen.getByRole("button", { name: "Remove a1" }));
    expect(chips()).toEqual(["b2"]);
  });

  it("keeps an entry typed but not added when the field is left, then asks for the check", async () => {
    const { ctx, input } = setup();
    fireEvent.change(input, { target: { value: "leftover" } });
    fireEvent.blur(input);
    expect(chips()).toEqual(["leftover"]);
    await waitFor(() => expect(ctx.calls.blurs).toEqual(["base.exclude_contains_badword.list"]));
  });

  it("only trims twitter keywords (inner spaces kept)", () => {
    const ctx = makeContext({
      form: formWith([
        { id: 100, type: "twitter", actions: { comment: { keywords: { enabled: true, list: [] } } } },
      ]),
      provider: "twitter",
    });
    renderWidget({
      widget: KeywordsWidget,
      ctx,
      path: "sources.0.actions.comment.keywords.list",
      label: "Keywords",
      schema: arraySchema,
    });
    type(screen.getByLabelText("Keywords"), " big   win ");
    expect(chips()).toEqual(["big   win"]);
  });

  it("cannot be changed while disabled", () => {
    const ctx = makeContext({
      form: formWith([], { exclude_contains_badword: { enabled: true, list: ["spam"] } }),
    });
    renderWidget({
      widget: KeywordsWidget,
      ctx,
      path: "base.exclude_contains_badword.list",
      label: "Bad words",
      schema: arraySchema,
      disabled: true,
    });
    expect((screen.getByLabelText("Bad words") as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Remove spam" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("ExcludedAccountsWidget", () => {
  function setup(list: string[] = []) {
    const ctx = makeContext({
      form: formWith([], { exclude_accounts: { enabled: true, touched: true, list } }),
    });
    renderWidget({
      widget: ExcludedAccountsWidget,
      ctx,
      path: "base.exclude_accounts.list",
      label: "Excluded accounts",
      schema: arraySchema,
    });
    return screen.getByLabelText("Excluded accounts");
  }

  it("adds the @ when missing and splits an input on spaces and commas", () => {
    const input = setup();
    type(input, "alice @bob carol");
    expect(chips()).toEqual(["@alice", "@bob", "@carol"]);
  });

  it("ignores a duplicate whatever its case and refuses what no network calls an account", () => {
    const input = setup(["@Brand"]);
    type(input, "brand");
    expect(chips()).toEqual(["@Brand"]);
    expect(screen.getByText("@brand: Already in the list.")).toBeTruthy();
    type(input, "bad!handle");
    expect(chips()).toEqual(["@Brand"]);
    expect(screen.getByText("@bad!handle: Not a valid account name.")).toBeTruthy();
  });

  it("takes the accounts of every network in the contest's own list, as typed", () => {
    const input = setup();
    type(input, "@Alice.bsky.social @news.example.com brand");
    expect(chips()).toEqual(["@Alice.bsky.social", "@news.example.com", "@brand"]);
  });
});

describe("ExcludedAccountsWidget in a source", () => {
  function setup(provider: string, path: string) {
    const ctx = makeContext({ form: formWith([{ id: 100, type: provider }]), provider });
    renderWidget({ widget: ExcludedAccountsWidget, ctx, path, label: "Accounts", schema: arraySchema });
    return { ctx, input: screen.getByLabelText("Accounts") };
  }

  it("takes bluesky domain handles, written in lower case, and completes a bare name", () => {
    const { ctx, input } = setup("bluesky", "sources.0.exclude_accounts.list");
    type(input, "@Alice.bsky.social, news.example.com bob");
    expect(chips()).toEqual(["@alice.bsky.social", "@news.example.com", "@bob.bsky.social"]);
    expect(ctx.form.sources[0]).toMatchObject({
      exclude_accounts: { list: ["@alice.bsky.social", "@news.example.com", "@bob.bsky.social"] },
    });
    type(input, "ALICE.bsky.social");
    expect(screen.getByText("@alice.bsky.social: Already in the list.")).toBeTruthy();
  });

  it("refuses a dotted handle in a twitter list of accounts to follow, showing a twitter account", () => {
    const { input } = setup("twitter", "sources.0.actions.follow.other_accounts.list");
    type(input, "@news.example.com");
    expect(chips()).toEqual([]);
    expect(
      screen.getByText("@news.example.com: Not a valid account name. For example: @fairdraw"),
    ).toBeTruthy();
    type(input, "Fair_Draw");
    expect(chips()).toEqual(["@Fair_Draw"]);
  });
});

describe("ManualCheckReasonsWidget", () => {
  function setup(list: string[] = []) {
    const ctx = makeContext({ form: formWith([], { manual_check: { enabled: true, list } }) });
    renderWidget({
      widget: ManualCheckReasonsWidget,
      ctx,
      path: "base.manual_check.list",
      label: "Reasons",
      schema: arraySchema,
    });
    return { ctx, input: screen.getByLabelText("Reasons") };
  }

  it("offers the reasons of schemas/manual-check-reasons.json, stored by key and shown by label", () => {
    const { ctx } = setup();
    fireEvent.click(screen.getByRole("button", { name: "+ Seems automated" }));
    expect(ctx.form.base.manual_check).toEqual({ enabled: true, list: ["seemsAutomated"] });
    expect(screen.getByRole("button", { name: "Remove Seems automated" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "+ Seems automated" })).toBeNull();
  });

  it("takes a typed reason of 3 to 50 characters and refuses a shorter one", () => {
    const { ctx, input } = setup();
    type(input, "ab");
    expect(screen.getByText("ab: At least 3 characters.")).toBeTruthy();
    type(input, "Fake giveaway account");
    expect(ctx.form.base.manual_check).toEqual({ enabled: true, list: ["Fake giveaway account"] });
  });
});
