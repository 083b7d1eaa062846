import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/render-app.tsx";
import { cellOf, LIST_UUID, serveList, shownNames } from "../test-support.ts";

describe("list grid", () => {
  it("shows typed cells", async () => {
    serveList();
    renderApp(`/lists/${LIST_UUID}`);
    expect(await screen.findByText("Зорька")).toBeTruthy();
    expect(shownNames()).toEqual(["Зорька", "Белка", "Ночка"]);
    expect(cellOf("Зорька", "Надой").textContent).toBe("1\u00a0234,5");
    expect(cellOf("Зорька", "Жирность").textContent).toBe("3,6\u00a0%");
    expect(cellOf("Зорька", "Дата отёла").textContent).toBe("08.03.2025");
    expect(cellOf("Зорька", "Метки").textContent).toBe("Ремонт");
    expect(cellOf("Зорька", "Группа").textContent).toBe("Дойная");
    document.body.innerHTML.length;
  });
});
