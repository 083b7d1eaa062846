import { render, screen } from "@testing-library/react";
import { theme } from "antd";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../shared/lib/query-client.ts";
import { AppProviders } from "./providers.tsx";

function MotionProbe() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

/** matchMedia answering `reduce` for prefers-reduced-motion (and no to anything else). */
function systemAsksForLessMotion(reduce: boolean) {
  const original = window.matchMedia;
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) => ({
    ...original(query),
    matches: reduce && query === "(prefers-reduced-motion: reduce)",
  }));
}

describe("AppProviders and the system's reduce-motion setting (issue 16, item 14)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("turns antd's motion off when the system asks for less motion", () => {
    systemAsksForLessMotion(true);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MotionProbe />
      </AppProviders>,
    );
    expect(screen.getByTestId("motion").textContent).toBe("false");
  });

  it("keeps antd's motion otherwise", () => {
    systemAsksForLessMotion(false);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MotionProbe />
      </AppProviders>,
    );
    expect(screen.getByTestId("motion").textContent).toBe("true");
  });
});
