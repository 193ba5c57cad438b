/** Providers every route shares: session, dialogs, page errors, realtime, the builder, the shortcuts and the toasts. */
import { Outlet } from "react-router";
import { UnavailableNotice } from "./api/UnavailableNotice";
import { BuilderProvider } from "./builder/BuilderHost";
import { DialogProvider } from "./dialogs/DialogHost";
import { Toasts } from "./feedback/Toasts";
import { RealtimeProvider } from "./realtime/RealtimeProvider";
import { SessionProvider } from "./session/session";
import { PageErrorProvider } from "./shell/page-error";
import { Shortcuts } from "./shell/Shortcuts";

export function Root() {
  return (
    <SessionProvider>
      <RealtimeProvider>
        <PageErrorProvider>
          <DialogProvider>
            <BuilderProvider>
              <Shortcuts />
              <Outlet />
              <Toasts />
              <UnavailableNotice />
            </BuilderProvider>
          </DialogProvider>
        </PageErrorProvider>
      </RealtimeProvider>
    </SessionProvider>
  );
}
