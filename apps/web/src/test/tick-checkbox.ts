import { fireEvent, screen, waitFor } from "@testing-library/react";
import { expect } from "vitest";

/**
 * Ticks the checkbox named `name` and waits until it shows ticked. Right after a radio mounts a
 * group of checkboxes (the «Ролям» / «Выбранные роли» audiences), a click in that same tick can
 * land before antd's form has registered the new field and be dropped — seen on a loaded CI
 * machine. A person cannot click that fast, so the helper clicks again until the box is ticked.
 */
export async function tickCheckbox(name: string): Promise<void> {
  await waitFor(() => {
    const box = screen.getByRole<HTMLInputElement>("checkbox", { name });
    if (!box.checked) fireEvent.click(box);
    expect(box.checked).toBe(true);
  });
}
