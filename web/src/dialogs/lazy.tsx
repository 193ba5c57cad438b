/**
 * Dialogs the shell can open from anywhere (the shortcuts, the error handler): loaded on first use so the shell's
 * first page does not download them (the contact form validates with the rules engine; the others bring the modal
 * frame, team and shortlink code). DialogHost wraps every dialog in Suspense.
 */
import { lazy } from "react";

export const ContactDialog = lazy(() =>
  import("./ContactDialog").then((m) => ({ default: m.ContactDialog })),
);

export const SwitchTeamDialog = lazy(() =>
  import("./SwitchTeamDialog").then((m) => ({ default: m.SwitchTeamDialog })),
);

export const LanguageDialog = lazy(() =>
  import("./LanguageDialog").then((m) => ({ default: m.LanguageDialog })),
);

export const AboutDialog = lazy(() => import("./AboutDialog").then((m) => ({ default: m.AboutDialog })));

export const ShortcutsDialog = lazy(() =>
  import("./ShortcutsDialog").then((m) => ({ default: m.ShortcutsDialog })),
);

export const ShortlinksDialog = lazy(() =>
  import("./ShortlinksDialog").then((m) => ({ default: m.ShortlinksDialog })),
);
