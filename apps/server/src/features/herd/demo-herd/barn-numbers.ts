import { MinHeap } from "./min-heap.ts";

/**
 * Barn numbers as a farm gives them: an animal gets the lowest number free on her birth day and
 * frees it when she leaves, so numbers are reused (HERD.md "Identity"). Births must come in date
 * order; each animal's exit must be known when she is numbered (the generator simulates first).
 */
export class BarnNumbers {
  private readonly held = new MinHeap<readonly [freeFrom: number, number: number]>((a, b) => a[0] < b[0]);
  private readonly free = new MinHeap<number>((a, b) => a < b);
  private next = 1;

  assign(birthDay: number, exitDay: number | null): number {
    for (let top = this.held.peek(); top !== undefined && top[0] <= birthDay; top = this.held.peek()) {
      this.held.pop();
      this.free.push(top[1]);
    }
    const number = this.free.pop() ?? this.next++;
    if (exitDay !== null) this.held.push([exitDay + 1, number]);
    return number;
  }
}
