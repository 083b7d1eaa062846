import { randomUuid } from "../../shared/lib/random-uuid.ts";

/** A uuid v4 for a message's `client_id`: a resend with the same id gives back the first message instead of a copy. */
export function newClientId(): string {
  return randomUuid();
}
