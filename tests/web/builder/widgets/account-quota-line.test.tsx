import { act, fireEvent, render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type ContextOptions,
  formWith,
  makeContext,
  teamAccounts,
  WidgetHarness,
  WithProviders,
} from "../../../../stories/builder/widgets/fixtures";
import type { AccountQuota } from "../../../../web/src/builder/api";
import { AccountWidget } from "../../../../web/src/builder/widgets/AccountWidget";
import { activateLocale } from "../../../../web/src/i18n/activate";
import { renderWidget } from "./render";

beforeAll(() => activateLocale("en"));

const PATH = "sources.0.publication.account_id";

/** The X driver's answer (api/drivers/x/driver.ts): calls of the UTC day, reads of a first load. */
const xAnswer: AccountQuota = {
  quota: { unit: "calls", used: 37, limit: null, resets_at: "2026-07-01T00:00:00.000Z", paused: false },
  expected: {
    unit: "calls",
    first_load_per_1000_entrants: 11,
    later_load: 2,
    publication: 2,
    reads_per_1000_entrants: { posts: 1001, users: 1000 },
  },
};

/** YouTube's: the project's units of the Pacific day, out of 10,000. */
const youtubeAnswer = (paused: boolean): AccountQuota => ({
  quota: { unit: "quota_units", used: 214, limit: 10_000, resets_at: "2026-07-01T07:00:00.000Z", paused },
  expected: { unit: "quota_units", first_load_per_1000_entrants: 30, later_load: 1, publication: 50 },
});

/** Instagram's: posts of the last 24 hours against the publishing limit, no expected cost. */
const instagramAnswer: AccountQuota = {
  quota: { unit: "calls", used: 3, limit: 25, resets_at: null, paused: false },
  expected: null,
};

const accounts = {
  ...teamAccounts,
  youtube: [
    { _id: "acc-yt-1", account_id: 3001, name: "Fairdraw TV", screen_name: "fairdrawtv", sandbox: false },
  ],
  instagram: [
    { _id: "acc-ig-1", account_id: 4001, name: "Fairdraw", screen_name: "fairdraw.ig", sandbox: false },
  ],
};

function setup(provider: string, accountId: number | null, quota: ContextOptions["quota"]) {
  const ctx = makeContext({
    form: formWith([{ id: 100, type: provider, publication: { account_id: accountId } }]),
    provider,
    accounts,
    quota,
  });
  renderWidget({ widget: AccountWidget, ctx, path: PATH, label: "Account" });
  return ctx;
}

/** Lets the quota call's promise settle and React render what it answered. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe("the quota line under the publishing account", () => {
  it("tells what X bills for a first and a later load, and the calls used today", async () => {
    const ctx = setup("twitter", 1001, async () => xAnswer);
    await settle();
    expect(screen.getByText(/^X \(Twitter\) bills reads/).textContent).toBe(
      "X (Twitter) bills reads: a first load of 1,000 entrants costs about 11 calls (1,001 posts, 1,000 users read); each later load about 2. Today: 37 calls used.",
    );
    expect(ctx.calls.quotas).toEqual(["acc-tw-1"]);
    const select = screen.getByRole("combobox");
    expect(select.getAttribute("aria-describedby")?.split(" ")).toContain(`fd-${PATH}-quota`);
    expect(document.getElementById(`fd-${PATH}-quota`)?.textContent).toMatch(/^X \(Twitter\) bills reads/);
  });

  it("tells YouTube's units for a first load out of the daily quota, with the reset time in the person's zone", async () => {
    setup("youtube", 3001, async () => youtubeAnswer(false));
    await settle();
    const reset = new Date("2026-07-01T07:00:00.000Z").toLocaleTimeString("en", { timeStyle: "short" });
    expect(screen.getByText(/^YouTube quota/).textContent).toBe(
      `YouTube quota: a first load of 1,000 entrants uses about 30 of your 10,000 daily units (214 used today; resets at ${reset}).`,
    );
  });

  it("says loads wait until the reset when the quota is spent", async () => {
    setup("youtube", 3001, async () => youtubeAnswer(true));
    await settle();
    const reset = new Date("2026-07-01T07:00:00.000Z").toLocaleTimeString("en", { timeStyle: "short" });
    const note = screen.getByText(/^YouTube quota/);
    expect(note.textContent?.endsWith(`Loads wait until ${reset}.`)).toBe(true);
    expect(note.className).toContain("is-paused");
  });

  it("tells Instagram's posts of the last 24 hours against its publishing limit", async () => {
    setup("instagram", 4001, async () => instagramAnswer);
    await settle();
    expect(screen.getByText("Instagram: 3 of 25 posts published in the last 24 hours.")).toBeTruthy();
  });

  it("shows nothing for a network without a quota", async () => {
    const ctx = setup("twitter", 1001, async () => ({ quota: null, expected: null }));
    await settle();
    expect(ctx.calls.quotas).toEqual(["acc-tw-1"]);
    expect(document.querySelector(".account-quota")).toBeNull();
    expect(screen.getByRole("combobox").getAttribute("aria-describedby")).not.toContain("-quota");
  });

  it("shows nothing while the answer is on its way, nor when the call fails, and the picker stays usable", async () => {
    let fail: (e: Error) => void = () => {};
    const ctx = setup("twitter", 1001, () => new Promise<AccountQuota>((_, reject) => (fail = reject)));
    await settle();
    expect(document.querySelector(".account-quota")).toBeNull();
    const select = screen.getByRole("combobox") as HTMLSelectElement;
    expect(select.disabled).toBe(false);
    fail(new Error("offline"));
    await settle();
    expect(document.querySelector(".account-quota")).toBeNull();
    expect(ctx.calls.quotas).toEqual(["acc-tw-1"]);
  });

  it("asks nothing for a sandbox account, and asks again for a real one chosen after it", async () => {
    const ctx = setup("twitter", 1002, async () => xAnswer);
    await settle();
    expect(ctx.calls.quotas).toEqual([]);
    expect(document.querySelector(".account-quota")).toBeNull();
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "1001" } });
    await settle();
    expect(ctx.calls.quotas).toEqual(["acc-tw-1"]);
    expect(screen.getByText(/^X \(Twitter\) bills reads/)).toBeTruthy();
  });

  it("writes the numbers in the person's language", async () => {
    await activateLocale("fr");
    try {
      const ctx = makeContext({
        form: formWith([{ id: 100, type: "youtube", publication: { account_id: 3001 } }]),
        provider: "youtube",
        accounts,
        locale: "fr",
        quota: async () => youtubeAnswer(false),
      });
      render(
        <WithProviders>
          <WidgetHarness widget={AccountWidget} ctx={ctx} path={PATH} label="Compte" />
        </WithProviders>,
      );
      await settle();
      const note = document.querySelector(".account-quota");
      expect(note?.textContent).toContain(new Intl.NumberFormat("fr").format(10_000));
    } finally {
      await activateLocale("en");
    }
  });
});
