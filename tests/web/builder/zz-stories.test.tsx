import { composeStories, setProjectAnnotations } from "@storybook/react-vite";
import { describe, it } from "vitest";
import preview from "../../../.storybook/preview";

setProjectAnnotations(preview);
const modules = import.meta.glob<Record<string, unknown>>("../../../stories/builder/*.stories.tsx", {
  eager: true,
});
const only = process.env.STORY_FILE;
describe.each(Object.entries(modules).filter(([f]) => !only || f.includes(only)))("%s", (_file, mod) => {
  type Composed = { run: () => Promise<void> };
  const composed = composeStories(mod as Parameters<typeof composeStories>[0]) as Record<string, Composed>;
  it.each(Object.entries(composed))("%s", async (_name, Story) => {
    await Story.run();
  });
});
