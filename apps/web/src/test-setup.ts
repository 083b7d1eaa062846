// jsdom lacks a few browser APIs that antd uses; the tests run against these stand-ins.
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { setBrowserLocation } from "./shared/lib/browser-location.ts";
import { setupLocale } from "./shared/lib/setup-locale.ts";
import { resetOnlineUsers } from "./shared/realtime/online-users.ts";
import { FakeWebSocket } from "./test/fake-socket.ts";
import { FakeXhr } from "./test/fake-xhr.ts";

setupLocale();

// The charts' libraries, loaded before any test: a lazy chart that a test leaves loading would
// otherwise finish its imports after the worker's environment is torn down, and the run fails with
// an EnvironmentTeardownError (seen in CI: echarts-for-react from the animal card's curve).
await Promise.all([
  import("echarts/core"),
  import("echarts/charts"),
  import("echarts/components"),
  import("echarts/renderers"),
  import("echarts-for-react/esm/core"),
]);

// The first render of a lazy layout or page compiles its chunk; on a busy machine that can take
// longer than the default second of findBy/waitFor (a page whose first test pays for that waited
// over 6 s in a CI run while benchmarks shared the machine).
configure({ asyncUtilTimeout: 10_000 });

if (!window.matchMedia) {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

if (!("ResizeObserver" in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, "ResizeObserver", { writable: true, configurable: true, value: ResizeObserverStub });
}

// antd measures scrollbars with getComputedStyle(element, "::-webkit-scrollbar"), which jsdom
// does not implement (it logs "Not implemented"): answer for the element itself.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// No test reaches the network: the main socket of every rendered shell gets a fake one.
beforeEach(() => {
  FakeWebSocket.reset();
  vi.stubGlobal("WebSocket", FakeWebSocket);
  // Uploads with progress go by XMLHttpRequest: through the mocked fetch as well.
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});

afterEach(() => {
  cleanup();
  resetOnlineUsers();
  localStorage.clear();
  sessionStorage.clear();
  setBrowserLocation();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
