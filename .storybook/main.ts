import type { StorybookConfig } from "@storybook/react-vite";
import { webPlugins } from "../vite.plugins.ts";

const config: StorybookConfig = {
  stories: ["../stories/**/*.stories.@(ts|tsx)"],
  framework: { name: "@storybook/react-vite", options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // Storybook builds from the repository root with the app's own plugins (not web/'s vite.config root).
  viteFinal: (config) => ({ ...config, plugins: [...(config.plugins ?? []), ...webPlugins()] }),
};
export default config;
