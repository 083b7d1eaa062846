import type { Attachment, AttachmentQuota } from "@nadoy/contract/attachments";
import { QuotaText, uploadRateText } from "@nadoy/contract/errors";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AppProviders } from "../../app/providers.tsx";
import { storeSession } from "../../test/fixtures.ts";
import { mockApi } from "../../test/mock-api.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { AttachButton } from "./AttachButton.tsx";
import { UploadList } from "./UploadList.tsx";
import { useAttachmentUploads } from "./use-attachment-uploads.ts";

// Where files are picked (the chat composer, a task, an instruction) the caller sees how much of
// their storage is taken, and the server's refusals (quota 413, rate 429) as the toast.

const MB = 1024 * 1024;
const QUOTA: AttachmentQuota = {
  unclaimed: { used_bytes: 35 * MB, limit_bytes: 100 * MB },
  user: { used_bytes: 35 * MB, limit_bytes: 1024 * MB },
  company: {
    uuid: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
    name: "Агрохолдинг Заря",
    used_bytes: 1536 * MB,
    limit_bytes: 5120 * MB,
  },
  file_bytes_max: 10 * MB,
  uploads_per_minute: 20,
};
const STORED: Attachment = {
  uuid: "7c9e6679-7425-40de-944b-e07fc1f90ae8",
  name: "акт.pdf",
  size: 1,
  mime: "application/pdf",
};

/** The paperclip and the files being attached, as the composer has them. */
function Picker() {
  const uploads = useAttachmentUploads();
  return (
    <>
      <UploadList uploads={uploads.uploads} onRemove={uploads.remove} />
      <AttachButton onFiles={(files) => void uploads.add(files)} />
    </>
  );
}

function renderPicker(uploadReplies: { status: number; body: unknown }[]) {
  storeSession();
  const api = mockApi({
    "GET /api/attachments/quota/": { status: 200, body: QUOTA },
    "POST /api/attachments/": () => uploadReplies.shift() ?? { status: 500, body: undefined },
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Picker />
    </AppProviders>,
  );
  const pick = (...names: string[]) => {
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    fireEvent.change(input, { target: { files: names.map((name) => new File(["%PDF-1.4"], name)) } });
  };
  return { api, pick };
}

const quotaCalls = (api: ReturnType<typeof mockApi>) => api.calls.filter((c) => c.path === "/api/attachments/quota/");

describe("attachment quota where files are picked", () => {
  it("shows «Занято 35 МБ из 100 МБ» under the files, and the server's quota refusal as the toast", async () => {
    const refusal = QuotaText.unclaimed(99 * MB, 100 * MB, 24);
    const { api, pick } = renderPicker([
      { status: 201, body: STORED },
      { status: 413, body: { code: "quota_exceeded", message: refusal } },
    ]);
    // Nothing is asked before files are picked or the paperclip's hint opens.
    expect(quotaCalls(api)).toHaveLength(0);

    pick("акт.pdf", "скан.pdf");

    expect(await screen.findByText("Занято 35 МБ из 100 МБ")).toBeTruthy();
    expect(await screen.findByText(refusal, { selector: ".ant-message *" })).toBeTruthy();
    const list = screen.getByRole("list", { name: "Прикрепляемые файлы" });
    await waitFor(() =>
      expect(within(list).getByRole("listitem", { name: "скан.pdf" }).textContent).toContain(refusal),
    );
    // Asked again once the uploads are done: the line follows what was stored.
    await waitFor(() => expect(quotaCalls(api).length).toBeGreaterThanOrEqual(2));
  });

  it("shows the server's rate refusal as the toast", async () => {
    const text = uploadRateText(20, 42);
    const { pick } = renderPicker([{ status: 429, body: { code: "too_many_requests", message: text } }]);

    pick("акт.pdf");

    expect(await screen.findByText(text, { selector: ".ant-message *" })).toBeTruthy();
    expect(text).toBe("Не больше 20 файлов в минуту. Повторите через 42 секунды.");
  });

  it("lists every quota in the paperclip's hint, asked when the hint opens", async () => {
    const { api } = renderPicker([]);

    fireEvent.mouseEnter(screen.getByRole("button", { name: "Прикрепить файл" }));

    expect(await screen.findByText("Ещё не прикреплённые файлы: 35 МБ из 100 МБ")).toBeTruthy();
    expect(screen.getByText("Все ваши файлы: 35 МБ из 1 ГБ")).toBeTruthy();
    expect(screen.getByText("Компания «Агрохолдинг Заря»: 1,5 ГБ из 5 ГБ")).toBeTruthy();
    expect(screen.getByText("Файл — до 10 МБ, не больше 20 файлов в минуту")).toBeTruthy();
    expect(quotaCalls(api)).toHaveLength(1);
  });
});
