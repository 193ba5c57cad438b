import { i18n } from "@lingui/core";
import { render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { initialsOf } from "../../../web/src/components/EntrantAvatar";
import { Illustration } from "../../../web/src/components/Illustration";
import { Logo } from "../../../web/src/components/Logo";
import { activateLocale } from "../../../web/src/i18n/activate";
import { formatList } from "../../../web/src/i18n/list";
import { greeting } from "../../../web/src/pages/dashboard/DashboardPage";
import { ErrorPage } from "../../../web/src/pages/ErrorPage";
import { Providers } from "../../../web/src/testing/Providers";

beforeAll(() => activateLocale("en"));
afterEach(() => activateLocale("en"));

describe("the logo", () => {
  it("is the press kit's mark (the white F on indigo) beside the name, as one link home named Fairdraw", () => {
    render(
      <Providers user={null}>
        <Logo />
      </Providers>,
    );
    const link = screen.getByRole("link", { name: "Fairdraw" });
    expect(link.getAttribute("href")).toBe("/");
    const mark = link.querySelector("svg.logo-mark");
    expect(mark?.querySelector("rect")?.getAttribute("fill")).toBe("#4338ca");
    // The F of scripts/press-kit.ts's mark.
    expect(mark?.querySelector("path")?.getAttribute("d")).toBe("M10 8h12v4h-8v3h7v4h-7v7h-4z");
    expect(link.textContent).toBe("Fairdraw");
  });
});

describe("the illustrations", () => {
  it("give each error status its picture in the one illustration style, hidden from screen readers", () => {
    const pictures: Record<number, string> = {
      401: "locked",
      402: "card",
      403: "locked",
      404: "lost",
      500: "broken",
    };
    for (const [status, name] of Object.entries(pictures)) {
      const { container, unmount } = render(
        <Providers user={null}>
          <ErrorPage status={Number(status)} />
        </Providers>,
      );
      const svg = container.querySelector("svg.illustration");
      expect(svg?.getAttribute("data-illustration")).toBe(name);
      expect(svg?.getAttribute("aria-hidden")).toBe("true");
      unmount();
    }
  });

  it("draw with the theme's illustration roles only: no colour written in the picture itself", () => {
    for (const name of ["tickets", "welcome", "trophy", "lost", "locked", "broken", "card"] as const) {
      const { container, unmount } = render(<Illustration name={name} />);
      const shapes = [...container.querySelectorAll("svg *")];
      expect(shapes.length).toBeGreaterThan(3);
      expect(shapes.some((s) => s.hasAttribute("fill") || s.hasAttribute("stroke"))).toBe(false);
      expect(container.querySelector(".illu-bg")).toBeTruthy();
      unmount();
    }
  });
});

describe("a person's initials", () => {
  it("takes the first letters of two words, without the @ of a handle", () => {
    expect(initialsOf("Ana Lima")).toBe("AL");
    expect(initialsOf("@kenji")).toBe("K");
    expect(initialsOf("lea_martin")).toBe("LM");
    expect(initialsOf("")).toBe("?");
  });
});

describe("the greeting", () => {
  it("fits the hour: no 'Good evening' in the small hours", () => {
    const at = (hour: number) => i18n._(greeting(hour, "Ana"));
    expect(at(3)).toBe("Hello, Ana");
    expect(at(23)).toBe("Hello, Ana");
    expect(at(5)).toBe("Good morning, Ana");
    expect(at(13)).toBe("Good afternoon, Ana");
    expect(at(19)).toBe("Good evening, Ana");
  });

  it("puts the Arabic comma in Arabic", async () => {
    await activateLocale("ar");
    const text = i18n._(greeting(19, "Ana"));
    expect(text).toContain("،");
    expect(text).not.toContain(",");
  });
});

describe("lists of words", () => {
  it("are joined as each language writes them", () => {
    expect(formatList("en", ["a", "b", "c"])).toBe("a, b, and c");
    expect(formatList("en", ["a", "b"], "disjunction")).toBe("a or b");
    expect(formatList("ar", ["أ", "ب", "ج"])).toBe("أ وب وج");
    expect(formatList("ja", ["A", "B"])).toBe("A、B");
  });
});
