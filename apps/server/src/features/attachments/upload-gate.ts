import { ATTACHMENT_UPLOADS_AT_ONCE } from "@nadoy/contract/attachments";

// How many upload bodies this instance reads at once: each may hold up to ATTACHMENT_BYTES_MAX in
// memory until it is stored, so the total is bounded (8 × 10 MB = 80 MB), and one user's share of
// it (ATTACHMENT_UPLOADS_AT_ONCE) leaves room for everyone else.

/** Upload bodies read at once by one server instance. */
export const UPLOADS_AT_ONCE_PER_INSTANCE = 8;

export type GateEntry = { kind: "entered"; leave: () => void } | { kind: "user-busy" } | { kind: "instance-busy" };

export class UploadGate {
  private total = 0;
  private readonly perUser = new Map<number, number>();

  constructor(
    private readonly instanceMax = UPLOADS_AT_ONCE_PER_INSTANCE,
    private readonly userMax = ATTACHMENT_UPLOADS_AT_ONCE,
  ) {}

  /** A place for one upload of `userId`, or why there is none; `leave` exactly once when done. */
  enter(userId: number): GateEntry {
    const own = this.perUser.get(userId) ?? 0;
    if (own >= this.userMax) return { kind: "user-busy" };
    if (this.total >= this.instanceMax) return { kind: "instance-busy" };
    this.total += 1;
    this.perUser.set(userId, own + 1);
    let left = false;
    return {
      kind: "entered",
      leave: () => {
        if (left) return;
        left = true;
        this.total -= 1;
        const now = (this.perUser.get(userId) ?? 1) - 1;
        if (now === 0) this.perUser.delete(userId);
        else this.perUser.set(userId, now);
      },
    };
  }
}
