/** The demo herd as plain data: what the herd tables load and what the DC305 writers print. */

export type DemoExitCode = "SOLD" | "DIED";

export interface DemoAnimal {
  /** Unique within one generated herd (not contiguous: animals that left before the history are not written). */
  key: number;
  /** DC305 `ID`: reused after an animal leaves, so only with birthDate or earTag does it name an animal. */
  barnNumber: string;
  /** Unique, Russian style ("RU" + 10 digits). */
  earTag: string;
  birthDate: string;
  /** DC305 CBRD code. */
  breed: string;
  /** Sire code (the BRED remark of the conception). */
  sire: string;
  /** Dam's barn number at the calf's birth; null for bought-in founders. */
  dam: string | null;
  /** Pen now, or at the exit. */
  pen: string | null;
  exitDate: string | null;
  exitCode: DemoExitCode | null;
  /** Russian, as a user reads it (the SOLD/DIED remark is the same in capitals). */
  exitReason: string | null;
}

export interface DemoLactation {
  animalKey: number;
  lact: number;
  freshDate: string;
  /** Null while milking, and when the cow left milking. */
  dryDate: string | null;
}

export interface DemoEvent {
  animalKey: number;
  date: string;
  /** DC305 event name (HERD_EVENT_NAMES in the contract). */
  code: string;
  /** Lactation the event belongs to (0 = heifer). */
  lact: number;
  /** Days in milk; for heifers (lact 0) the age in days, as DC305 writes it. */
  dim: number;
  /** BRED: sire code; FRESH: calf (ТЁЛКА/БЫЧОК, МЁРТВ if stillborn); SOLD/DIED: reason in capitals;
   * MOVE: "из A в B"; PREG: days pregnant; health: quarter or lesion. */
  remark: string;
  protocol: string;
  technician: string;
  /** Pen on that day, after the event (DC305's PEN item beside the event). */
  pen: string;
}

export interface DemoTestDay {
  animalKey: number;
  date: string;
  lact: number;
  dim: number;
  milkKg: number;
  fatPct: number;
  proteinPct: number;
  /** Somatic cells, thousands per ml. */
  scc: number;
}

export interface DemoHerd {
  animals: DemoAnimal[];
  lactations: DemoLactation[];
  events: DemoEvent[];
  testDays: DemoTestDay[];
}

/** One animal with all its rows: the unit the streaming form yields. */
export interface DemoAnimalRecord {
  animal: DemoAnimal;
  lactations: DemoLactation[];
  events: DemoEvent[];
  testDays: DemoTestDay[];
}

export interface DemoHerdOptions {
  seed: number;
  /** ISO date the history ends on (inclusive). */
  today: string;
  /** Multiplies the herd size (default 1 ≈ 1,200 cows in milk); 12 gives about 1,000,000 events. */
  scale?: number;
  /** Years of history written (default 5). */
  years?: number;
}
