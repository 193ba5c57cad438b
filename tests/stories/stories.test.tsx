/**
 * Every story in stories/ runs here as a test: rendered with the project's annotations (locale loader,
 * I18n decorator) and its play function executed (portable stories).
 */
import { composeStories, setProjectAnnotations } from "@storybook/react-vite";
import { describe, it } from "vitest";
import preview from "../../.storybook/preview";

setProjectAnnotations(preview);

const modules = import.meta.glob<Record<string, unknown>>("../../stories/**/*.stories.tsx", { eager: true });

describe.each(Object.entries(modules))("%s", (_file, mod) => {
  type Composed = { run: () => Promise<void> };
  const composed = composeStories(mod as Parameters<typeof composeStories>[0]) as Record<string, Composed>;
  const stories = Object.entries(composed);
  it.each(stories)("%s renders and its play function passes", async (_name, Story) => {
    await Story.run();
  });
});
