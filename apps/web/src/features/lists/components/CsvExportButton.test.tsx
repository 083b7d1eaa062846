import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../../app/providers.tsx";
import { createQueryClient } from "../../../shared/lib/query-client.ts";
import { CsvExportButton } from "./CsvExportButton.tsx";

const renderButton = (onExport: (dialect: string) => void) =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <CsvExportButton loading={false} onExport={onExport} />
    </AppProviders>,
  );

describe("CSV export button", { timeout: 60_000 }, () => {
  it("exports for a Russian Excel by default; a kind picked from the menu is exported and remembered", async () => {
    const onExport = vi.fn();
    renderButton(onExport);
    fireEvent.click(screen.getByRole("button", { name: /Скачать CSV для Excel \(;\)$/ }));
    expect(onExport).toHaveBeenLastCalledWith("excel");

    fireEvent.click(screen.getByRole("button", { name: "Выбрать вид CSV" }));
    fireEvent.click(await screen.findByText("CSV (,)"));
    expect(onExport).toHaveBeenLastCalledWith("comma");
    await waitFor(() => expect(screen.getByRole("button", { name: /Скачать CSV \(,\)$/ })).toBeTruthy());
    expect(localStorage.getItem("csv_dialect")).toBe("comma");
  });

  it("starts with the kind remembered on this browser", () => {
    localStorage.setItem("csv_dialect", "comma");
    const onExport = vi.fn();
    renderButton(onExport);
    fireEvent.click(screen.getByRole("button", { name: /Скачать CSV \(,\)$/ }));
    expect(onExport).toHaveBeenLastCalledWith("comma");
  });
});
