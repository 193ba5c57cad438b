/**
 * The one toast system (sonner): successes and errors that do not block the person ("Bluesky is linked.", "The
 * account could not be refreshed.") show here, announced politely to screen readers, at the bottom of the screen,
 * above the phone's bottom bar, and follow the reading direction and the system's dark mode. Pages call `notify`.
 * sonner is a chunk of its own, fetched beside the first page rather than before it: no page paints a toast first.
 */
import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import { isRtl } from "../components/DirectionArrow";

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

export function Toasts() {
  const { t } = useLingui();
  return (
    <Suspense fallback={null}>
      <Toaster
        position="bottom-center"
        dir={isRtl() ? "rtl" : "ltr"}
        theme="system"
        richColors
        closeButton
        offset={{ bottom: 24 }}
        mobileOffset={{ bottom: 80 }}
        containerAriaLabel={t`Status messages`}
        toastOptions={{ closeButtonAriaLabel: t`Close` }}
      />
    </Suspense>
  );
}

/** What the pages call: a success, or an error that does not stop the person (shown once sonner has come). */
export const notify = {
  success: (message: string) => void import("sonner").then(({ toast }) => toast.success(message)),
  error: (message: string) => void import("sonner").then(({ toast }) => toast.error(message)),
};
