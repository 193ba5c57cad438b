/** Rendering a shell component the way the app does (providers of web/src/testing), plus a probe of the location. */
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import type { User } from "../../../codegen/types";
import { Providers } from "../../../web/src/testing/Providers";

/** Shows where the router is, for assertions on navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderShell(ui: ReactNode, opts: { user?: User | null; path?: string; route?: string } = {}) {
  return render(
    <Providers {...opts} outside={<LocationProbe />}>
      {ui}
    </Providers>,
  );
}

export function currentPath(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? "";
}
