/**
 * A network added under schemas/ shows up in the builder with no web code change: fediwisp (a made-up fediverse network) exists only in
 * tests/fixtures/schemas (its source schema, its rule sidecar, its definition); given to the builder the way the
 * server serves it, it is offered in the add-source modal and its pane has the tabs and fields its sidecar names.
 */

import { setupI18n } from "@lingui/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ScopeRules } from "../../../engine/config/types";
import { catalogChain } from "../../../engine/messages/catalogs";
import { fieldLabel } from "../../../web/src/builder/labels";
import { registerSchema, type Schema } from "../../../web/src/builder/schema/schemas";
import { fixtureConfig } from "../../../web/src/builder/testing/fixtures";
import { type ProviderDefinition, registerProvider } from "../../../web/src/providers";
import rules from "../../fixtures/schemas/contest/sources/fediwisp.rules.json";
import schema from "../../fixtures/schemas/contest/sources/fediwisp.schema.json";
import definition from "../../fixtures/schemas/providers/fediwisp.json";
import { opened, renderBuilder } from "./render";

describe("a provider added under schemas/", () => {
  it("is offered, and its pane has its sidecar's tabs and fields", async () => {
    registerSchema(schema as Schema);
    registerProvider(definition as ProviderDefinition);
    const config = fixtureConfig();
    config.sources.fediwisp = { fields: rules.fields, steps: rules.steps } as ScopeRules;
    config.providers.fediwisp = { maxSourcesLimitCB: 1 };
    if (config.defaults) {
      config.defaults.sources.fediwisp = {
        type: "fediwisp",
        validate_actions: true,
        publication: { needed: true, account_id: null, content: "", media: { files: [], count: 0 } },
        winners_publication: { enabled: false, type: null, content: "", media: { files: [], count: 0 } },
        actions: { comment: { enabled: false }, favourite: { enabled: true }, boost: { enabled: true } },
      } as never;
    }
    renderBuilder({ config });
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getAllByRole("button", { name: /Add a source/ })[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Add a source" });
    await user.click(within(dialog).getByRole("button", { name: /fediwisp/i }));
    await waitFor(() => expect(screen.getAllByRole("tab")).toHaveLength(2));
    expect(screen.getAllByRole("tab").map((t) => t.lastChild?.textContent)).toEqual([
      "Publication",
      "Actions",
    ]);
    expect(screen.getByLabelText("Text")).toBeTruthy();
    // Its live preview wears the look its definition gives (ui.post): reaction bar, link colour, corners.
    const preview = screen.getByRole("region", { name: /^Preview/ });
    const post = preview.querySelector<HTMLElement>("article.post");
    expect(
      [...(post?.querySelectorAll("[data-counter]") ?? [])].map((c) => c.getAttribute("data-counter")),
    ).toEqual(["reply", "repost", "like", "bookmark"]);
    expect(post?.style.getPropertyValue("--post-link")).toBe("#6364FF");
    expect(post?.style.getPropertyValue("--post-radius")).toBe("6px");
    await user.click(screen.getByRole("tab", { name: /Actions/ }));
    // Actions the builder has no label for are named by their kind (schemas/providers/fediwisp.json).
    expect(screen.getByRole("switch", { name: "Like" })).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Repost" })).toBeTruthy();
  });

  it("takes a label a network gives its own field, without renaming another network's field of the same name", () => {
    registerProvider(definition as ProviderDefinition);
    registerProvider({ ...(definition as ProviderDefinition), name: "otherwisp", display_name: "Otherwisp" });
    const en = catalogChain("en")[0] as Record<string, string>;
    const key = `field.sources.${definition.name}.actions.favourite.enabled`;
    en[key] = "favourite";
    try {
      const i18n = setupI18n({ locale: "en", messages: { en: {} } });
      expect(fieldLabel(i18n, "sources", "actions.favourite.enabled", definition.name)).toBe("Favourite");
      // The other network's favourite is still named by its kind.
      expect(fieldLabel(i18n, "sources", "actions.favourite.enabled", "otherwisp")).toBe("Like");
    } finally {
      delete en[key];
    }
  });
});
