import { i18n } from "@lingui/core";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale } from "../../web/src/i18n/activate";
import { actionLabel, featureLabel, providerLabel } from "../../web/src/labels";
import type { ProviderDefinition } from "../../web/src/providers";
import { registerProvider } from "../../web/src/providers";
import definition from "../fixtures/schemas/providers/fediwisp.json";

registerProvider(definition as ProviderDefinition);
afterEach(() => activateLocale("en"));

describe("labels of what the schemas name", () => {
  it("names a provider's action by its kind, in the person's language", async () => {
    expect(actionLabel(i18n, "fediwisp", "favourite")).toBe("Like");
    expect(actionLabel(i18n, "fediwisp", "boost")).toBe("Repost");
    expect(actionLabel(i18n, "twitter", "retweet")).toBe("Repost");
    await activateLocale("fr");
    expect(actionLabel(i18n, "fediwisp", "boost")).toBe("Repartage");
    await activateLocale("ja");
    expect(actionLabel(i18n, "fediwisp", "favourite")).toBe("いいね");
  });

  it("reads an action no definition knows as its own word, and a network by its display name", () => {
    expect(actionLabel(i18n, "fediwisp", "share_story")).toBe("Share story");
    expect(providerLabel("fediwisp")).toBe("Fediwisp");
  });

  it("names a feature without a label of its own by its catalogue description", () => {
    expect(featureLabel(i18n, "testDraws")).toBe("Test draws");
    expect(featureLabel(i18n, "fediwisp.keywords")).toBe("Fediwisp keywords");
  });
});
