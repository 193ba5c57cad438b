import { i18n } from "@lingui/core";
import { afterAll, describe, expect, it } from "vitest";
import { activateLocale } from "../../../web/src/i18n/activate";
import { accountsPerNetworkText, networksByCount } from "../../../web/src/team/accounts-per-network";

afterAll(() => activateLocale("en"));

describe("the accounts quota said per network", () => {
  it("groups the networks by their count, the busiest first, leaving out networks with none", () => {
    expect(networksByCount({ facebook: 1, twitter: 2, bluesky: 1, tiktok: 0 })).toEqual([
      [2, ["twitter"]],
      [1, ["facebook", "bluesky"]],
    ]);
  });

  it("says one count for networks that share it and a count each for the others", async () => {
    await activateLocale("en");
    expect(accountsPerNetworkText(i18n, { bluesky: 2, tiktok: 1 })).toBe("2 on Bluesky and 1 on TikTok");
    expect(accountsPerNetworkText(i18n, { facebook: 1, bluesky: 1, tiktok: 1 })).toBe(
      "1 on each of Facebook, Bluesky, and TikTok",
    );
    expect(accountsPerNetworkText(i18n, {})).toBe("0");
  });

  it("is written in the person's language, its lists as the locale joins them", async () => {
    await activateLocale("fr");
    expect(accountsPerNetworkText(i18n, { bluesky: 2, tiktok: 1 })).not.toContain(" on ");
    expect(accountsPerNetworkText(i18n, { facebook: 1, tiktok: 1 })).toContain("Facebook et TikTok");
    await activateLocale("ja");
    expect(accountsPerNetworkText(i18n, { facebook: 1, tiktok: 1 })).toContain("Facebook、TikTok");
  });
});
