/** What a network's API cannot check, or checks only in part, said beside the builder field that asks it. */
import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { capabilityNote } from "../../../web/src/builder/capability-notes";
import { type ProviderDefinition, providerOf } from "../../../web/src/providers";

const en = setupI18n({ locale: "en", messages: { en: {} } });
const fr = setupI18n({ locale: "fr", messages: { fr: {} } });

function network(name: string): ProviderDefinition {
  const found = providerOf(name);
  if (!found) throw new Error(`no ${name}`);
  return found;
}

describe("the builder's notes on what a network can check", () => {
  it("gives a partial action's limit where it is chosen, in the person's language", () => {
    expect(capabilityNote(en, network("twitter"), "actions.like.enabled")).toBe(
      "X (Twitter) lists only the latest 100: past that, this action is not checked and nobody is removed for it.",
    );
    expect(capabilityNote(fr, network("twitter"), "actions.retweet.enabled")).toMatch(
      /^X \(Twitter\) ne liste que les 100 derniers/,
    );
  });

  it("says a search window read during the contest, and nothing for an action listed whole", () => {
    expect(capabilityNote(en, network("twitter"), "actions.comment.enabled")).toBe(
      "X (Twitter) searches only the last 7 days: entries are read while the contest runs.",
    );
    expect(capabilityNote(en, network("bluesky"), "actions.like.enabled")).toBeNull();
    expect(capabilityNote(en, network("youtube"), "actions.custom.enabled")).toBeNull();
  });

  it("says, with the chosen TikTok account, that a personal account's comments cannot be required, and private posts", () => {
    const tiktok = network("tiktok");
    const personal = { unreadable_actions: ["comment"], publishes_private: true };
    expect(capabilityNote(en, tiktok, "actions.comment.enabled", personal)).toBe(
      "Cannot be required with this account: TikTok lists it only for a business account. Link the brand's business account to check it.",
    );
    expect(capabilityNote(en, tiktok, "actions.comment.enabled", { unreadable_actions: [] })).toBeNull();
    expect(capabilityNote(en, tiktok, "actions.comment.enabled")).toBeNull();
    expect(capabilityNote(fr, tiktok, "publication.account_id", personal)).toMatch(
      /^TikTok n'a pas encore audité cette application/,
    );
    expect(capabilityNote(en, tiktok, "publication.account_id", { publishes_private: false })).toBeNull();
  });

  it("offers an action no API lists as what it is", () => {
    const youtube = network("youtube");
    const withLikes = { ...youtube, actions: { ...youtube.actions, like: { kind: "like" } } };
    expect(capabilityNote(en, withLikes, "actions.like.enabled")).toBe(
      "Not checked: YouTube does not list who liked a post.",
    );
  });

  it("says beside every dark-post switch of an X source that X's promoted-only posts cannot be made", () => {
    for (const at of ["publication.dark", "reminders.list.*.dark", "winning_moments.won_publication.dark"]) {
      expect(capabilityNote(en, network("twitter"), at)).toBe(
        "Not available: X (Twitter)'s dark (promoted-only) posts need its Ads API, which Fairdraw does not use. A post marked dark is not published.",
      );
    }
    expect(capabilityNote(fr, network("twitter"), "publication.dark")).toMatch(/^Indisponible/);
    expect(capabilityNote(en, network("bluesky"), "publication.dark")).toBeNull();
  });

  it("says a filter needs a profile field the network does not give", () => {
    expect(capabilityNote(en, network("facebook"), "account_age.enabled")).toBe(
      "Not checked: Facebook does not give the creation date of an entrant's account.",
    );
    expect(capabilityNote(en, network("twitter"), "account_age.enabled")).toBeNull();
  });

  it("says how winners get their private message: none on YouTube, a private reply within 7 days on Facebook", () => {
    expect(capabilityNote(en, network("youtube"), "winners_private_message.enabled")).toBe(
      "YouTube has no private messages for applications: winners are answered in public instead.",
    );
    expect(capabilityNote(en, network("facebook"), "winners_private_message.enabled")).toBe(
      "Sent as a private reply to the winner's comment, within 7 days of the start.",
    );
    expect(capabilityNote(en, network("twitter"), "winners_private_message.enabled")).toBeNull();
  });
});
