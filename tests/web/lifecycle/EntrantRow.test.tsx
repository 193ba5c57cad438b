import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { render, screen, within } from "@testing-library/react";
import { afterAll, describe, expect, it } from "vitest";
import { activateLocale } from "../../../web/src/i18n/activate";
import { EntriesTable } from "../../../web/src/lifecycle/EntrantRow";
import { entryFixture } from "../../../web/src/testing/lifecycle-fixtures";

afterAll(() => activateLocale("en"));

const bigAccount = entryFixture({
  _id: "bluesky:did:plc:big",
  name: "Big Fan",
  screen_name: "big.bsky.social",
});
bigAccount.account = { ...bigAccount.account, followers: 12_345, following: 1, posts: 2_500_000 };

function renderTable(entries = [bigAccount]) {
  return render(
    <I18nProvider i18n={i18n}>
      <EntriesTable entries={entries} caption="Valid entries" />
    </I18nProvider>,
  );
}

describe("an entrant's row", () => {
  it("shows a Facebook commenter by name, linked to their profile, with no @handle", async () => {
    await activateLocale("en");
    const fan = entryFixture({ _id: "facebook:10234", name: "Ana Lima", screen_name: "Ana Lima" });
    fan.account = { ...fan.account, provider: "facebook", url: "https://www.facebook.com/10234" };
    renderTable([fan]);
    const row = screen.getByRole("row", { name: /Ana Lima/ });
    const link = within(row).getByRole("link", { name: "Ana Lima's profile (opens in a new tab)" });
    expect(link.textContent).toBe("Ana Lima");
    expect(row.textContent).not.toContain("@");
  });

  it("shows the entrant's followers, following and posts, compact in the person's locale", async () => {
    await activateLocale("en");
    const { unmount } = renderTable();
    const row = screen.getByRole("row", { name: /Big Fan/ });
    expect(within(row).getByText("Followers: 12.3K")).toBeTruthy();
    expect(within(row).getByText("Following: 1")).toBeTruthy();
    expect(within(row).getByText("Posts: 2.5M")).toBeTruthy();
    unmount();

    await activateLocale("fr");
    renderTable();
    const frRow = screen.getByRole("row", { name: /Big Fan/ });
    // French compact figures: a decimal comma and a (narrow no-break) space before the unit.
    expect(within(frRow).getByText(/^Abonnés : 12,3\sk$/)).toBeTruthy();
    expect(within(frRow).getByText(/^Publications : 2,5\sM$/)).toBeTruthy();
  });

  it("says nothing of counts the load did not store", async () => {
    await activateLocale("en");
    const old = entryFixture({ _id: "twitter:9", name: "Old Entry", screen_name: "old" });
    const { followers: _f, following: _g, posts: _p, ...account } = old.account;
    renderTable([{ ...old, account: account as typeof old.account }]);
    expect(screen.queryByText(/Followers:/)).toBeNull();
  });

  it("shows only the counts the network says: none for Instagram, no following for YouTube", async () => {
    await activateLocale("en");
    const fan = entryFixture({ _id: "instagram:9001", name: "Insta Fan", screen_name: "insta.fan" });
    fan.account = { ...fan.account, provider: "instagram", followers: 0, following: 0, posts: 0 };
    const viewer = entryFixture({
      _id: "youtube:UCv",
      name: "Tube Fan",
      screen_name: "tubefan",
      position: 1,
    });
    viewer.account = { ...viewer.account, provider: "youtube", followers: 7, following: 0, posts: 3 };
    renderTable([fan, viewer]);
    const insta = screen.getByRole("row", { name: /Insta Fan/ });
    expect(within(insta).queryByText(/Followers:|Following:|Posts:/)).toBeNull();
    const tube = screen.getByRole("row", { name: /Tube Fan/ });
    expect(within(tube).getByText("Followers: 7")).toBeTruthy();
    expect(within(tube).getByText("Posts: 3")).toBeTruthy();
    expect(within(tube).queryByText(/Following:/)).toBeNull();
  });

  it("says beside the date when the time is the one a load first saw, not the network's", async () => {
    await activateLocale("en");
    const reposted = entryFixture({
      _id: "bluesky:did:plc:r",
      name: "Reposter",
      screen_name: "r",
      first_seen: true,
    });
    const liked = entryFixture({ _id: "bluesky:did:plc:l", name: "Liker", screen_name: "l", position: 1 });
    renderTable([reposted, liked]);
    const cells = (name: RegExp) => within(screen.getByRole("row", { name })).getAllByRole("cell");
    expect(cells(/Reposter/)[1]?.textContent).toMatch(/first seen$/);
    expect(cells(/Liker/)[1]?.textContent).not.toMatch(/first seen/);
  });
});
