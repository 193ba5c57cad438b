/** The Vite plugins every build of web/ code shares: the app, Vitest and Storybook. */
import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { providerMarks } from "./web/vite/provider-marks.ts";
import { rjsfPlainText } from "./web/vite/rjsf-plain-text.ts";

export function webPlugins() {
  // Lingui's macros run through Babel before React's transform sees the JSX.
  return [
    babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] }),
    react(),
    lingui(),
    providerMarks(),
    rjsfPlainText(),
  ];
}
