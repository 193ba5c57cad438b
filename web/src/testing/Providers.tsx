/**
 * Everything a shell component needs around it in a test or a story: Lingui (English unless activated otherwise),
 * a memory router at `path`, the session with `user` (null: signed out), page errors, dialogs and the builder.
 */
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import type { User } from "../../../codegen/types";
import { BuilderProvider } from "../builder/BuilderHost";
import { DialogProvider } from "../dialogs/DialogHost";
import { Toasts } from "../feedback/Toasts";
import { SessionProvider } from "../session/session";
import { PageErrorProvider } from "../shell/page-error";
import { demoUser } from "./fixtures";

export function Providers({
  children,
  user = demoUser,
  path = "/",
  route = "*",
  outside,
}: {
  children: ReactNode;
  /** Rendered beside the route, whatever the path (e.g. a probe of the location after a navigation). */
  outside?: ReactNode;
  user?: User | null;
  path?: string;
  /** The route pattern to render children under, so useParams works (e.g. "/contest/:contestId/*"). */
  route?: string;
}) {
  return (
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <SessionProvider initial={user}>
          <PageErrorProvider>
            <DialogProvider>
              <BuilderProvider>
                <Routes>
                  <Route path={route} element={children} />
                </Routes>
                {outside}
                <Toasts />
              </BuilderProvider>
            </DialogProvider>
          </PageErrorProvider>
        </SessionProvider>
      </MemoryRouter>
    </I18nProvider>
  );
}
