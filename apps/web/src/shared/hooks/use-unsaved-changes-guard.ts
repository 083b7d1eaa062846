import { App } from "antd";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { type BlockerFunction, useBlocker } from "react-router";

export const LEAVE_QUESTION = "Есть несохранённые изменения — уйти?";

/**
 * Every mounted guard with unsaved changes, by guard id. React Router consults only the blocker
 * registered last, so each guard's blocker asks about all of them: two forms on one page (profile)
 * are both protected whichever registered last.
 */
const dirtyGuards = new Set<string>();

const leavesPage: BlockerFunction = ({ currentLocation, nextLocation }) =>
  dirtyGuards.size > 0 &&
  (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search);

/** Asks «Есть несохранённые изменения — уйти?»; `leave` runs on «Уйти», `stay` on «Остаться». */
function useAskToLeave() {
  const { modal } = App.useApp();
  return useCallback(
    (leave: () => void, stay: () => void = () => {}) => {
      modal.confirm({
        title: LEAVE_QUESTION,
        content: "Несохранённые изменения пропадут.",
        okText: "Уйти",
        cancelText: "Остаться",
        onOk: leave,
        onCancel: stay,
      });
    },
    [modal],
  );
}

/**
 * For a page that hides its forms without a route change (switching tabs): runs `leave` at once
 * when no mounted guard has unsaved changes, else after the user confirms leaving them.
 */
export function useConfirmLeave(): (leave: () => void) => void {
  const askToLeave = useAskToLeave();
  return useCallback(
    (leave: () => void) => {
      if (dirtyGuards.size === 0) leave();
      else askToLeave(leave);
    },
    [askToLeave],
  );
}

export interface UnsavedChangesGuard {
  /** Whether this form has changes that are not saved. */
  dirty: boolean;
  /** Call with true on the user's edits, with false once saved (before navigating on after a save). */
  setDirty: (dirty: boolean) => void;
  /** Runs `leave` at once without unsaved changes, else after the user confirms leaving them. */
  confirmLeave: (leave: () => void) => void;
  /** A route change waits for the user's answer (an editor that saves on blur should not, then). */
  asking: boolean;
}

/**
 * Unsaved work is never lost in silence: while dirty, a route change asks «Есть несохранённые
 * изменения — уйти?» and closing or reloading the tab asks the browser's own question. Also for
 * leaving without a route change (closing a drawer): `confirmLeave`. `dirty`, when given, is the
 * form's own value comparison and is followed as it changes; otherwise the form calls setDirty.
 */
export function useUnsavedChangesGuard(dirtyNow?: boolean): UnsavedChangesGuard {
  const id = useId();
  const askToLeave = useAskToLeave();
  const [dirty, setDirtyState] = useState(false);
  // Synchronous, so that a navigation right after a save (same event handler) is not asked about.
  const setDirty = useCallback(
    (value: boolean) => {
      if (value) dirtyGuards.add(id);
      else dirtyGuards.delete(id);
      setDirtyState(value);
    },
    [id],
  );
  useEffect(() => () => void dirtyGuards.delete(id), [id]);
  useEffect(() => {
    if (dirtyNow !== undefined) setDirty(dirtyNow);
  }, [dirtyNow, setDirty]);
  const blocker = useBlocker(leavesPage);
  const asked = useRef(false);
  useEffect(() => {
    if (blocker.state !== "blocked") {
      asked.current = false;
      return;
    }
    if (asked.current) return;
    asked.current = true;
    askToLeave(
      () => {
        dirtyGuards.clear();
        blocker.proceed();
      },
      () => blocker.reset(),
    );
  }, [blocker, askToLeave]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their question only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  const confirmLeave = useCallback(
    (leave: () => void) => {
      if (!dirtyGuards.has(id)) {
        leave();
        return;
      }
      askToLeave(() => {
        setDirty(false);
        leave();
      });
    },
    [id, askToLeave, setDirty],
  );

  return { dirty, setDirty, confirmLeave, asking: blocker.state === "blocked" };
}
