import {
  type CollisionDetection,
  closestCenter,
  closestCorners,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useDndContext,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { BoardGroup, TaskCard } from "@nadoy/contract/boards";
import { Card, theme } from "antd";
import { type CSSProperties, type HTMLAttributes, type ReactNode, useCallback, useMemo, useState } from "react";
import { boardAnnouncements, DRAG_INSTRUCTIONS } from "../board-drag-announcements.ts";
import { type BoardDragData, columnDropId, dragDataOf, groupDragId, taskDragId } from "../board-drag-data.ts";
import { columnDropBefore, taskDropPlace } from "../board-view.ts";

// Dragging cards and columns with dnd-kit: mouse, touch (a short hold, so that a tap still opens a
// task and a swipe still scrolls) and keyboard, with Russian screen-reader announcements.

/**
 * The pointer's target; on a column's free space between or beside its cards, the nearest card,
 * and the column itself (its end) only below its last card.
 */
const boardCollisions: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  const first = hits[0];
  if (!first) return closestCorners(args);
  const data = dragDataOf(args.droppableContainers.find((c) => c.id === first.id));
  if (data?.kind !== "column" || !args.pointerCoordinates) return hits;
  const cards = args.droppableContainers.filter((c) => {
    const card = dragDataOf(c);
    return card?.kind === "task" && card.groupId === data.group.id;
  });
  const lowest = Math.max(...cards.map((c) => args.droppableRects.get(c.id)?.bottom ?? Number.NEGATIVE_INFINITY));
  return args.pointerCoordinates.y < lowest ? closestCenter({ ...args, droppableContainers: cards }) : [first];
};

interface BoardDndProps {
  /** The groups as shown (pending moves applied). */
  groups: readonly BoardGroup[];
  onMoveTask: (task: TaskCard, group: BoardGroup, beforeId: number | null) => void;
  onMoveGroup: (group: BoardGroup, beforeId: number | null) => void;
  children: ReactNode;
}

/** The board's columns as one drag-and-drop area; a move is sent as the menu's «Переместить в…» sends it. */
export function BoardDnd({ groups, onMoveTask, onMoveGroup, children }: BoardDndProps) {
  const [dragged, setDragged] = useState<BoardDragData | null>(null);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const announcements = useMemo(() => boardAnnouncements(groups), [groups]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const from = dragDataOf(active);
    const to = dragDataOf(over);
    if (!from || !to) return;
    if (from.kind === "task" && to.kind !== "group") {
      const target =
        to.kind === "task"
          ? { kind: "task" as const, taskId: to.task.id }
          : { kind: "column" as const, groupId: to.group.id };
      const place = taskDropPlace(groups, from.task.id, target);
      if (place) onMoveTask(from.task, place.group, place.beforeId);
    } else if (from.kind === "group" && to.kind === "group") {
      const beforeId = columnDropBefore(groups, from.group.id, to.group.id);
      if (beforeId !== undefined) onMoveGroup(from.group, beforeId);
    }
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={boardCollisions}
      accessibility={{ announcements, screenReaderInstructions: DRAG_INSTRUCTIONS }}
      onDragStart={({ active }: DragStartEvent) => setDragged(dragDataOf(active) ?? null)}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
    >
      <SortableContext items={groups.map((g) => groupDragId(g.id))}>{children}</SortableContext>
      {/* The moved copy floats above the columns (a card leaving its column is not clipped by it);
          no drop animation: the card is already shown at its new place. */}
      <DragOverlay dropAnimation={null} className="board-dragged-copy">
        {dragged ? <DraggedCopy data={dragged} /> : null}
      </DragOverlay>
    </DndContext>
  );
}

function DraggedCopy({ data }: { data: BoardDragData }) {
  const { token } = theme.useToken();
  return (
    <Card size="small" style={{ width: 264, boxShadow: token.boxShadowSecondary, cursor: "grabbing" }}>
      {data.kind === "task" ? data.task.title : data.group.name}
    </Card>
  );
}

/** The cards of one column, sortable among themselves and droppable from other columns. */
export function SortableTasks({ tasks, children }: { tasks: readonly TaskCard[]; children: ReactNode }) {
  return <SortableContext items={tasks.map((t) => taskDragId(t.id))}>{children}</SortableContext>;
}

/** What the kind of the current drag (if any) is: a card is dropped only among cards, a column among columns. */
function useDraggedKind(): BoardDragData["kind"] | undefined {
  return dragDataOf(useDndContext().active)?.kind;
}

/** The props a draggable element spreads: its node, keys and pointer handlers, where it is drawn. */
export interface DragHandle {
  setNodeRef: (element: HTMLElement | null) => void;
  /** Focusable, with the screen-reader description; the element keeps its own role. */
  handleProps: Omit<HTMLAttributes<HTMLElement>, "role">;
  /** Where the draggable is drawn (shifted while another one moves past it). */
  style: CSSProperties;
  /** The handle's cursor; a touch hold starts a drag, not text selection or the phone's link menu. */
  handleStyle: CSSProperties;
  /** It is being dragged (its copy floats under the pointer). */
  dragging: boolean;
}

const NOT_DRAGGABLE: DragHandle["handleProps"] = {};

function sortableHandle(sortable: ReturnType<typeof useSortable>, enabled: boolean): DragHandle {
  const { role: _role, ...attributes } = sortable.attributes;
  return {
    setNodeRef: sortable.setNodeRef,
    handleProps: enabled ? { ...attributes, ...sortable.listeners } : NOT_DRAGGABLE,
    style: {
      transform: CSS.Translate.toString(sortable.transform),
      transition: sortable.transition,
      opacity: sortable.isDragging ? 0.4 : undefined,
    },
    handleStyle: enabled
      ? { cursor: "grab", touchAction: "manipulation", userSelect: "none", WebkitTouchCallout: "none" }
      : {},
    dragging: sortable.isDragging,
  };
}

/** A card as a draggable (for those who may edit) and a drop target. */
export function useTaskDrag(task: TaskCard, groupId: number, enabled: boolean): DragHandle {
  const kind = useDraggedKind();
  const sortable = useSortable({
    id: taskDragId(task.id),
    data: { kind: "task", task, groupId } satisfies BoardDragData,
    disabled: { draggable: !enabled, droppable: kind === "group" },
    attributes: { roleDescription: "перемещаемая задача" },
  });
  const handle = sortableHandle(sortable, enabled);
  // The card is its own handle: Space or Enter on the card itself takes it, not on its link or menu.
  const { setNodeRef, setActivatorNodeRef } = sortable;
  const setCardRef = useCallback(
    (element: HTMLElement | null) => {
      setNodeRef(element);
      setActivatorNodeRef(element);
    },
    [setNodeRef, setActivatorNodeRef],
  );
  return { ...handle, setNodeRef: setCardRef };
}

/** A column, dragged by its header (managers), and a drop target for columns. */
export function useColumnDrag(
  group: BoardGroup,
  enabled: boolean,
): DragHandle & { setHandleRef: (element: HTMLElement | null) => void } {
  const kind = useDraggedKind();
  const sortable = useSortable({
    id: groupDragId(group.id),
    data: { kind: "group", group } satisfies BoardDragData,
    disabled: { draggable: !enabled, droppable: kind !== "group" },
    attributes: { roleDescription: "перемещаемая колонка" },
  });
  return { ...sortableHandle(sortable, enabled), setHandleRef: sortable.setActivatorNodeRef };
}

/** A column's list of cards as a drop target: a card dropped below its last card goes to its end. */
export function useColumnDrop(group: BoardGroup): { setNodeRef: (element: HTMLElement | null) => void; over: boolean } {
  const kind = useDraggedKind();
  const droppable = useDroppable({
    id: columnDropId(group.id),
    data: { kind: "column", group } satisfies BoardDragData,
    disabled: kind !== "task",
  });
  return { setNodeRef: droppable.setNodeRef, over: droppable.isOver };
}
