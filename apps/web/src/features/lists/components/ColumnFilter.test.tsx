import type { ListColumn } from "@nadoy/contract/lists";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ColumnFilter } from "./ColumnFilter.tsx";

// A number filter takes what a number field takes (issue 16 item 1): «31,5» is 31.5, and what
// cannot be taken is named, not dropped in silence.

const yield_: ListColumn = {
  uuid: "6a4b1f4e-2d1c-4b7e-9a2f-3c5d6e7f8a90",
  name: "Надой, кг",
  type: "number",
  order: 1,
  options: [],
  percent_over_100: false,
};

describe("the filter of a number column", () => {
  it("reads a comma as the decimal mark and names a refused character", () => {
    const onApply = vi.fn();
    render(<ColumnFilter column={yield_} filter={undefined} onApply={onApply} />);
    const input = screen.getByRole("textbox", { name: "Значение фильтра" }) as HTMLInputElement;

    fireEvent.change(input, { target: { value: "31,5" } });
    expect(input.value).toBe("31.5");
    expect(screen.queryByText(/не принято/)).toBeNull();

    fireEvent.change(input, { target: { value: "31,5л" } });
    expect(input.value).toBe("31.5");
    expect(screen.getByText(/не принято: «л»/)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: /Применить/ }));
    expect(onApply).toHaveBeenCalledWith({ column_uuid: yield_.uuid, op: "equals", value: "31.5" });
  });
});
