import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy*/waitFor wait up to 5 s: the whole suite shares two cores with the browser tests, and a lazily loaded
// chunk or a fake call can take longer than the 1 s default there. A passing wait returns as soon as it passes.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());

// jsdom has no media queries; the toasts (sonner) ask for the system's colour scheme. A light screen here.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
