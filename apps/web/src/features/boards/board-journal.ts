import { applyBoardEvent } from "@nadoy/contract/board-state";
import type { BoardState } from "@nadoy/contract/boards";
import type { BoardEvent } from "@nadoy/contract/realtime";

type NumberedEvent = Extract<BoardEvent, { type: "update" | "task_delete_request" }>;

/**
 * The board events received while a GET of the board is in flight (the first fetch, a resync):
 * its answer may have been read before some of them, so they are applied to it again when it
 * arrives (applyBoardEvent skips those already in it by `seq`). With no fetch in flight nothing
 * is kept.
 */
export class BoardJournal {
  private events: NumberedEvent[] = [];
  private inFlight = 0;
  /** How many events were dropped from the front (keeps marks valid while fetches overlap). */
  private dropped = 0;

  /** A fetch starts: returns its mark. */
  begin(): number {
    this.inFlight += 1;
    return this.dropped + this.events.length;
  }

  end(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (this.inFlight === 0) {
      this.dropped += this.events.length;
      this.events = [];
    }
  }

  record(event: BoardEvent): void {
    if (this.inFlight === 0) return;
    if (event.type === "update" || event.type === "task_delete_request") this.events.push(event);
  }

  /** The fetched state with every event recorded since `mark`. */
  replay(mark: number, state: BoardState): BoardState {
    const from = Math.max(0, mark - this.dropped);
    return this.events.slice(from).reduce(applyBoardEvent, state);
  }
}
