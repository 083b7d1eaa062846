import { describe, expect, it } from "vitest";
import { columnDropBefore, taskDropPlace } from "./board-view.ts";
import { boardFixture } from "./test-support.ts";

// The fixture: «К выполнению» (1) Полив 1, Покос 2, Уборка 3; «В работе» (2) Ремонт 4; «Готово» (3) empty.
const groups = boardFixture().groups;
const place = (taskId: number, target: Parameters<typeof taskDropPlace>[2]) => {
  const result = taskDropPlace(groups, taskId, target);
  return result && { groupId: result.group.id, beforeId: result.beforeId };
};

describe("where a dropped card goes (before_id)", () => {
  it("on a card of another column: before it", () => {
    expect(place(3, { kind: "task", taskId: 4 })).toEqual({ groupId: 2, beforeId: 4 });
  });
  it("down its own column: takes the card's place, after it", () => {
    expect(place(1, { kind: "task", taskId: 2 })).toEqual({ groupId: 1, beforeId: 3 });
    expect(place(1, { kind: "task", taskId: 3 })).toEqual({ groupId: 1, beforeId: null });
  });
  it("up its own column: before the card", () => {
    expect(place(3, { kind: "task", taskId: 1 })).toEqual({ groupId: 1, beforeId: 1 });
  });
  it("on a column's free space: its end; on itself: nowhere", () => {
    expect(place(1, { kind: "column", groupId: 3 })).toEqual({ groupId: 3, beforeId: null });
    expect(place(1, { kind: "task", taskId: 1 })).toBeNull();
  });
});

describe("where a dropped column goes (before_id)", () => {
  it("right: after the column it is dropped on; left: before it; on itself: stays", () => {
    expect(columnDropBefore(groups, 1, 2)).toBe(3);
    expect(columnDropBefore(groups, 1, 3)).toBeNull();
    expect(columnDropBefore(groups, 3, 1)).toBe(1);
    expect(columnDropBefore(groups, 2, 2)).toBeUndefined();
  });
});
