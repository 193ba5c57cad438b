/**
 * Dialogs the shell can open from anywhere but that pull heavy code (the contact form validates with the rules
 * engine): loaded on first use so the shell's first page does not download them. DialogHost wraps every dialog in
 * Suspense.
 */
import { lazy } from "react";

export const ContactDialog = lazy(() =>
  import("./ContactDialog").then((m) => ({ default: m.ContactDialog })),
);
