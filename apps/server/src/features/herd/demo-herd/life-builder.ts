import { type AnimalLife, byDayAndRank, type LifeCalf, type LifeEvent, type LifeLactation } from "./animal-life.ts";
import { PENS } from "./demo-herd-params.ts";
import type { DemoExitCode } from "./demo-herd-types.ts";

export interface AnimalStart {
  birthDay: number;
  breed: string;
  milkLevel: number;
}

/** Collects one animal's events and her earliest exit while she is simulated, then finishes the life. */
export class LifeBuilder {
  readonly events: LifeEvent[] = [];
  exitDay = Number.POSITIVE_INFINITY;
  private exitCode: DemoExitCode | null = null;
  private exitReason: string | null = null;

  push(day: number, code: string, lact: number, remark = "", protocol = "", technician = ""): void {
    this.events.push({ day, code, lact, remark, protocol, technician });
  }

  move(day: number, lact: number, toPen: string): void {
    this.events.push({ day, code: "MOVE", lact, remark: "", protocol: "", technician: "", toPen });
  }

  /** Several causes may be drawn; the earliest wins. */
  setExit(day: number, code: DemoExitCode, reason: string): void {
    const whole = Math.floor(day);
    if (whole < this.exitDay) {
      this.exitDay = whole;
      this.exitCode = code;
      this.exitReason = reason;
    }
  }

  /** Cuts the life at the exit and at `lastDay`, adds the exit event, sets DIM and the pen of each event. */
  finish(
    start: AnimalStart,
    lastDay: number,
    rest: {
      lactations: LifeLactation[];
      calves: LifeCalf[];
      milking: [number, number][];
      testDays: AnimalLife["testDays"];
    },
  ): AnimalLife {
    const exited = this.exitDay <= lastDay;
    const cut = exited ? this.exitDay : lastDay;
    const events = this.events.filter((e) => e.day <= cut);
    if (exited && this.exitCode) {
      events.push({
        day: this.exitDay,
        code: this.exitCode,
        lact: rest.lactations.filter((l) => l.freshDay <= this.exitDay).length,
        remark: (this.exitReason ?? "").toUpperCase(),
        protocol: "",
        technician: "",
      });
    }
    events.sort(byDayAndRank);
    const freshDays = [start.birthDay, ...rest.lactations.map((l) => l.freshDay)];
    const dryDays = new Map<number, number>();
    let pen: string = PENS.calves;
    const finished = events.map((e) => {
      if (e.code === "FRESH") pen = PENS.fresh;
      else if (e.code === "DRY") {
        pen = PENS.dry;
        dryDays.set(e.lact, e.day);
      }
      let remark = e.remark;
      if (e.code === "MOVE" && e.toPen) {
        remark = `из ${pen} в ${e.toPen}`;
        pen = e.toPen;
      }
      const dim = e.day - (freshDays[e.lact] ?? start.birthDay);
      return {
        day: e.day,
        code: e.code,
        lact: e.lact,
        remark,
        protocol: e.protocol,
        technician: e.technician,
        dim,
        pen,
      };
    });
    return {
      birthDay: start.birthDay,
      breed: start.breed,
      milkLevel: start.milkLevel,
      exitDay: exited ? this.exitDay : null,
      exitCode: exited ? this.exitCode : null,
      exitReason: exited ? this.exitReason : null,
      events: finished,
      lactations: rest.lactations.map((l) => ({ ...l, dryDay: dryDays.get(l.lact) ?? null })),
      testDays: rest.testDays.filter((t) => t.day <= cut),
      calves: rest.calves.filter((c) => c.birthDay <= cut),
      milking: rest.milking,
      pen,
    };
  }
}
