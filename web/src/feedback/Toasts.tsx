/**
 * The one toast system (sonner): successes and errors that do not block the person ("Bluesky is linked.", "The
 * account could not be refreshed.") show here, announced politely to screen readers, at the bottom of the screen,
 * above the phone's bottom bar, and follow the reading direction and the system's dark mode. Pages call `notify`.
 */
import { useLingui } from "@lingui/react/macro";
import { Toaster, toast } from "sonner";
import { isRtl } from "../components/DirectionArrow";

export function Toasts() {
  const { t } = useLingui();
  return (
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
  );
}

/** What the pages call: a success, or an error that does not stop the person. */
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
};
