import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockSignedIn } from "../../../test/signed-in.ts";
import { DB, renderPage, reportUser } from "../test-support.tsx";
import { HerdSettingsButton } from "./HerdSettingsButton.tsx";

const SETTINGS = `/api/herd/${DB}/settings/`;
const open = () =>
  renderPage("/services/report/4/:uuid", <HerdSettingsButton dbUuid={DB} />, `/services/report/4/${DB}`);

describe("HerdSettingsButton", { timeout: 30_000 }, () => {
  it("changes the VWP for those who may", async () => {
    const api = mockSignedIn(reportUser(), {
      [`GET ${SETTINGS}`]: { status: 200, body: { vwp_days: 50, editable: true } },
      [`PUT ${SETTINGS}`]: { status: 200, body: { vwp_days: 60, editable: true } },
    });
    open();
    fireEvent.click(await screen.findByRole("button", { name: /Настройки базы/ }));
    const field = await screen.findByLabelText(/Добровольный период ожидания/);
    expect((field as HTMLInputElement).value).toBe("50");
    fireEvent.change(field, { target: { value: "60" } });
    fireEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === "PUT" && c.path === SETTINGS)?.body).toEqual({ vwp_days: 60 }),
    );
  });

  it("is not shown to those who may not", async () => {
    const api = mockSignedIn(reportUser(), {
      [`GET ${SETTINGS}`]: { status: 200, body: { vwp_days: 50, editable: false } },
    });
    open();
    await waitFor(() => expect(api.calls.some((c) => c.path === SETTINGS)).toBe(true));
    expect(screen.queryByRole("button", { name: /Настройки базы/ })).toBeNull();
  });
});
