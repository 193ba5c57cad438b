import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { Preview } from "@storybook/react-vite";
import { activateLocale } from "../web/src/i18n/activate";
import { isLocale, LOCALES } from "../web/src/i18n/locales";
import "../web/src/styles.css";

const preview: Preview = {
  globalTypes: {
    locale: {
      description: "Interface language",
      toolbar: { icon: "globe", items: [...LOCALES], dynamicTitle: true },
    },
  },
  initialGlobals: { locale: "en" },
  loaders: [
    async ({ globals }) => {
      await activateLocale(isLocale(globals.locale) ? globals.locale : "en");
      return {};
    },
  ],
  decorators: [
    (Story) => (
      <I18nProvider i18n={i18n}>
        <Story />
      </I18nProvider>
    ),
  ],
};
export default preview;
