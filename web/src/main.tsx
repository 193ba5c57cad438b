import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { activateLocale } from "./i18n/activate";
import { detectLocale } from "./i18n/locales";
import { prefetchUser } from "./session/session";
import "./styles.css";

prefetchUser();
await activateLocale(detectLocale(document.cookie, navigator.languages));

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
createRoot(root).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <App />
    </I18nProvider>
  </StrictMode>,
);
