import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NO_ROLE_LABEL, roleIcon } from "./role-icon.tsx";

const iconNameOf = (groups: number[]) => {
  const view = render(<span>{roleIcon(groups).icon}</span>);
  const name = view.container.querySelector(".anticon")?.getAttribute("aria-label");
  view.unmount();
  return name;
};

describe("role icons (spec §6: roles 1–7 and an undefined role)", () => {
  it("has eight different icons: one per role 1–7 and one without a role", () => {
    const names = [[1], [2], [3], [4], [5], [6], [7], []].map(iconNameOf);
    expect(names.every(Boolean)).toBe(true);
    expect(new Set(names).size).toBe(8);
  });

  it("names the role by its first group; other ids count as no role", () => {
    expect(roleIcon([7, 1]).label).toBe("Клиент");
    expect(roleIcon([1, 7]).label).toBe("Администратор");
    expect(roleIcon([]).label).toBe(NO_ROLE_LABEL);
    expect(roleIcon([0]).label).toBe(NO_ROLE_LABEL);
    expect(roleIcon([8]).label).toBe(NO_ROLE_LABEL);
    expect(iconNameOf([8])).toBe(iconNameOf([]));
  });
});
