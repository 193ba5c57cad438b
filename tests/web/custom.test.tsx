import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { activateLocale } from "../../web/src/i18n/activate";
import CustomPage from "../../web/src/pages/custom/CustomPage";
import { contrastWithWhite, PROMO_PAGES } from "../../web/src/pages/custom/promo";
import { PROMO_TEXTS } from "../../web/src/pages/custom/promo-texts";
import { planById } from "../../web/src/team/plans";
import { demoUser } from "../../web/src/testing/fixtures";
import { Providers } from "../../web/src/testing/Providers";

beforeAll(() => activateLocale("en"));

function renderBrand(brand: string, user: typeof demoUser | null = null) {
  return render(
    <Providers user={user} path={`/custom/${brand}`} route="/custom/:brand">
      <CustomPage />
    </Providers>,
  );
}

describe("the promotion pages (/custom/:brand)", () => {
  it("answer an unknown brand with the 404 page", () => {
    renderBrand("no-such-brand");
    expect(screen.getByRole("heading", { level: 1, name: "This page could not be found" })).toBeTruthy();
    expect(document.title).toBe("This page could not be found • Fairdraw");
  });

  it("render a known brand's headline, text, offered plan and price, for someone not signed in", () => {
    renderBrand("atlas-sports");
    expect(
      screen.getByRole("heading", { level: 1, name: "Give your fans a fair shot at match tickets" }),
    ).toBeTruthy();
    expect(screen.getByText("Fairdraw × Atlas Sports Club")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "The Advanced plan" })).toBeTruthy();
    // English speakers pay in dollars: the Advanced plan's USD 60 a month.
    expect(screen.getByText("$ 60")).toBeTruthy();
    const next = encodeURIComponent("/checkout-session/plan/advanced/monthly");
    expect(screen.getByRole("link", { name: "Create my account" }).getAttribute("href")).toBe(
      `/registration?next=${next}`,
    );
    expect(screen.getByRole("link", { name: "I already have an account" }).getAttribute("href")).toBe(
      `/login?next=${next}`,
    );
    expect(document.title).toBe("Give your fans a fair shot at match tickets • Fairdraw");
  });

  it("send a signed-in person straight to the plan's checkout", () => {
    renderBrand("tidal-travel", demoUser);
    expect(screen.getByRole("link", { name: "Get this plan" }).getAttribute("href")).toBe(
      "/checkout-session/plan/business/monthly",
    );
  });

  it("are in French for a French speaker, priced in euros", async () => {
    await activateLocale("fr");
    try {
      renderBrand("lumen-coffee");
      expect(screen.getByText(/9\s€/)).toBeTruthy();
    } finally {
      await activateLocale("en");
    }
  });
});

describe("schemas/promo-pages.json", () => {
  it("holds twelve pages, each slug once", () => {
    const slugs = PROMO_PAGES.map((p) => p.slug);
    expect(slugs).toHaveLength(12);
    expect(new Set(slugs).size).toBe(12);
  });

  it.each(PROMO_PAGES.map((p) => [p.slug, p] as const))("%s offers a plan on sale", (_, page) => {
    expect(planById(page.plan)?.available).toBe(true);
  });

  it.each(PROMO_PAGES.map((p) => [p.slug, p.accent] as const))(
    "%s's colour keeps white text readable (contrast at least 4.5:1)",
    (_, accent) => {
      expect(contrastWithWhite(accent)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it("has the same English as the translatable copy of the web app", () => {
    for (const page of PROMO_PAGES) {
      const texts = PROMO_TEXTS[page.slug];
      expect(texts, page.slug).toBeDefined();
      expect(texts?.headline.message, page.slug).toBe(page.headline);
      expect(texts?.text.message, page.slug).toBe(page.text);
    }
    expect(Object.keys(PROMO_TEXTS).sort()).toEqual(PROMO_PAGES.map((p) => p.slug).sort());
  });
});
