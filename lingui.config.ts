import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "fr", "ar", "hi", "ja"],
  fallbackLocales: { default: "en" },
  catalogs: [{ path: "<rootDir>/web/locales/{locale}/messages", include: ["<rootDir>/web/src"] }],
  format: formatter({ lineNumbers: false }),
});
