import type { ListKind } from "@nadoy/contract/lists";
import { companyTopic } from "../../platform/realtime/channels.ts";
import type { RealtimeHub } from "../../platform/realtime/hub.ts";

/** A list whose change the grids showing it should see. */
export interface ChangedList {
  uuid: string;
  companyId: number;
  kind: ListKind;
}

/** Called after a list's change committed; `by` is the user who made it (null: a public form answer). */
export type ListChanged = (list: ChangedList, by: number | null) => void;

/**
 * LIST_CHANGED (contract realtime.ts) to the main sockets of the list's company whose users may
 * see lists of its kind, on every instance: a grid showing the list refetches it. Only a hint — the change stands if it is lost,
 * and a grid refetches on reconnect and on focus anyway.
 */
export function listChangedHints(realtime: RealtimeHub): ListChanged {
  return (list, by) => {
    realtime
      .publish(
        "main",
        { msg_type: "LIST_CHANGED", user_id: by, list: list.uuid },
        companyTopic(list.companyId, list.kind),
      )
      .catch(() => undefined);
  };
}
