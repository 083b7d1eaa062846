import { fireEvent, screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { LEAVE_QUESTION } from "../shared/hooks/use-unsaved-changes-guard.ts";

/** The unsaved-changes question (antd repeats a title for screen readers: the dialog is looked up). */
export async function findLeaveQuestion(): Promise<HTMLElement> {
  // A question answered before may still be fading out: the newest dialog is the one asking.
  const dialog = (await screen.findAllByRole("dialog", {}, { timeout: 15_000 })).at(-1);
  expect(dialog?.textContent).toContain(LEAVE_QUESTION);
  return dialog as HTMLElement;
}

/** Waits for the unsaved-changes question and answers it. */
export async function answerLeaveQuestion(answer: "Уйти" | "Остаться"): Promise<void> {
  fireEvent.click(within(await findLeaveQuestion()).getByRole("button", { name: answer }));
}

/** Whether the unsaved-changes question was ever opened (closed dialogs stay in the DOM while they fade). */
export function leaveQuestionShown(): boolean {
  return screen.queryAllByText(LEAVE_QUESTION).length > 0;
}
