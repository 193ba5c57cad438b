/**
 * Every story of the builder's widgets and preview, checked with axe (names, roles, ARIA use, labels). Colour
 * contrast is left to the browser tests: jsdom draws nothing.
 */
import { composeStories, setProjectAnnotations } from "@storybook/react-vite";
import { cleanup, render } from "@testing-library/react";
import axe from "axe-core";
import { beforeAll, describe, expect, it } from "vitest";
import preview from "../../../../.storybook/preview";
import { activateLocale } from "../../../../web/src/i18n/activate";

setProjectAnnotations(preview);
beforeAll(() => activateLocale("en"));

const modules = import.meta.glob<Record<string, unknown>>(
  ["../../../../stories/builder/widgets/*.stories.tsx", "../../../../stories/builder/preview/*.stories.tsx"],
  { eager: true },
);

type Composed = { (): React.ReactElement; storyName?: string };

describe.each(Object.entries(modules))("%s", (_file, mod) => {
  const stories = Object.entries(
    composeStories(mod as Parameters<typeof composeStories>[0]) as Record<string, Composed>,
  );
  it.each(stories)("%s has no accessibility violation", async (_name, Story) => {
    const { container } = render(<Story />);
    const result = await axe.run(container, {
      rules: { "color-contrast": { enabled: false }, region: { enabled: false } },
    });
    const problems = result.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
    expect(problems).toEqual([]);
    cleanup();
  });
});
