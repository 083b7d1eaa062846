import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../../app/providers.tsx";
import { createQueryClient } from "../../../shared/lib/query-client.ts";
import { NameDialog } from "./NameDialog.tsx";

function renderDialog(props: { withCapacity?: boolean; companies?: { uuid: string; name: string }[] }) {
  const onSubmit = vi.fn(async () => {});
  const onClose = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <NameDialog
        title="Новая доска"
        okText="Создать"
        maxLength={100}
        onSubmit={onSubmit}
        onClose={onClose}
        {...props}
      />
    </AppProviders>,
  );
  return { onSubmit, onClose };
}

describe("name dialog: Enter submits", () => {
  it("«Новая доска»: Enter in the name creates the board", async () => {
    const { onSubmit, onClose } = renderDialog({ withCapacity: true });
    const name = screen.getByRole("textbox", { name: "Название" });
    fireEvent.change(name, { target: { value: "  Отёлы  " } });
    fireEvent.keyDown(name, { key: "Enter", code: "Enter", keyCode: 13 });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: "Отёлы", capacity: undefined }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("«Новое рабочее пространство» of several companies: Enter in the name creates it", async () => {
    const companies = [
      { uuid: "c1", name: "АО Молочный край" },
      { uuid: "c2", name: "ООО Рассвет" },
    ];
    const { onSubmit } = renderDialog({ companies });
    const name = screen.getByRole("textbox", { name: "Название" });
    fireEvent.change(name, { target: { value: "Ферма 2" } });
    fireEvent.keyDown(name, { key: "Enter", code: "Enter", keyCode: 13 });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: "Ферма 2", company: "c1" }));
  });

  it("Enter on an empty name submits nothing and asks for one", async () => {
    const { onSubmit } = renderDialog({});
    fireEvent.keyDown(screen.getByRole("textbox", { name: "Название" }), { key: "Enter", code: "Enter", keyCode: 13 });
    expect(await screen.findByText("Введите название")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
