import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { captureDownloads } from "../../../test/downloads.ts";
import {
  answerProgress,
  commitResult,
  DB,
  DB2,
  herdUser,
  holdRequests,
  renderPage,
  secondHerdDb,
  serveHerd,
  UPLOAD,
  uploadCreated,
} from "../test-support.tsx";
import { Dc305UploadPage } from "./Dc305UploadPage.tsx";

const UPLOADS = `/api/herd/${DB}/uploads/`;
const COMMIT = `/api/herd/uploads/${UPLOAD}/commit/`;

type Handlers = Parameters<typeof serveHerd>[0];

/** The page with the upload answered (unless `extra` says otherwise), the phase poll by `phase`. */
let polls: string[] = [];

function serve(extra: Handlers = {}, phase = { phase: "check", rows: 120 }) {
  const api = serveHerd({ [`POST ${UPLOADS}`]: { status: 201, body: uploadCreated() }, ...extra });
  polls = answerProgress(phase);
  return api;
}

const file = () => new File(["ID,EVENT,DATE\n1234,FRESH,07/29/26\n"], "events.csv", { type: "text/csv" });

function chooseFile() {
  fireEvent.change(screen.getByLabelText("Файл DairyComp 305"), { target: { files: [file()] } });
}

const open = (url = "/services/dc305_upload") => renderPage("/services/dc305_upload", <Dc305UploadPage />, url);

describe("/services/dc305_upload", { timeout: 30_000 }, () => {
  it("says what to export from DC305 and picks the only herd database", async () => {
    serve();
    open();
    expect(await screen.findByText("EVENTS")).toBeTruthy();
    expect(screen.getByText("LIST ID BDAT LACT PEN DIM FDAT CBRD SID DID")).toBeTruthy();
    expect(screen.getAllByText("Стадо Заречная").length).toBeGreaterThan(0);
    expect(screen.queryByText("Мониторинг")).toBeNull();
  });

  it("shows the bytes sent and the server's phases, then the preview, then writes it", async () => {
    const api = serve({ [`POST ${COMMIT}`]: { status: 200, body: commitResult() } }, { phase: "write", rows: 900 });
    const held = holdRequests((method, path) => method === "POST" && (path === UPLOADS || path === COMMIT));
    open();
    await screen.findByLabelText("Файл DairyComp 305");
    chooseFile();

    expect(await screen.findByText("Отправлено: 50 %")).toBeTruthy();
    const phases = await screen.findByRole("region", { name: "Ход работы на сервере" });
    expect(within(phases).getByText("Чтение файла")).toBeTruthy();
    expect(await within(phases).findByText("Обработано строк: 900")).toBeTruthy();
    expect(within(phases).getByText("Запись").closest(".ant-steps-item")?.className).toMatch(/process/);
    expect(within(phases).getByText("Проверка").closest(".ant-steps-item")?.className).toMatch(/finish/);

    held.release();
    expect(await screen.findByText("События (EVENTS)")).toBeTruthy();
    // The held request reaches the mocked server only now.
    const sent = api.calls.find((call) => call.method === "POST" && call.path === UPLOADS);
    expect(Object.fromEntries(sent?.query ?? [])).toMatchObject({ format: "dc305", name: "events.csv" });
    expect(sent?.query.get("progress_id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent?.authorization).toBe("Bearer access-1");
    expect(polls).toContain(`/api/herd/uploads/progress/${sent?.query.get("progress_id")}/`);
    expect(screen.getByText("1 180")).toBeTruthy();
    expect(screen.getByText("340")).toBeTruthy();
    expect(screen.getByText("MGSID")).toBeTruthy();
    const errors = screen.getByRole("region", { name: "Ошибки в строках" });
    expect(within(errors).getByText("Неверная дата в строке 2")).toBeTruthy();
    // 25 errors, 10 a page.
    expect(within(errors).queryByText("Неверная дата в строке 12")).toBeNull();
    fireEvent.click(within(errors).getByTitle("2"));
    expect(await within(errors).findByText("Неверная дата в строке 12")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: /Записать в базу/ }));
    // While it is written: the server's phases again, and no way to stop a transaction halfway.
    expect(await screen.findByRole("region", { name: "Ход работы на сервере" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Отменить/ })).toBeNull();
    await waitFor(() => expect(held.count).toBe(1));
    held.release();
    expect(await screen.findByText("Данные записаны в базу")).toBeTruthy();
    const commit = api.calls.find((call) => call.path === COMMIT);
    expect(commit?.query.get("progress_id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(commit?.query.get("progress_id")).not.toBe(sent?.query.get("progress_id"));
    expect(screen.getByRole("link", { name: /К списку животных/ }).getAttribute("href")).toBe(
      `/user-pages/datasets/${DB}`,
    );
  });

  it("says only the first 200 refused rows are shown and downloads all of them, before and after the commit", async () => {
    const created = uploadCreated();
    created.preview.rows_refused = 2909;
    created.preview.errors = Array.from({ length: 200 }, (_, i) => ({ line: i + 2, message: `Ошибка ${i + 2}` }));
    const REFUSED = `/api/herd/uploads/${UPLOAD}/refused/`;
    const api = serve({
      [`POST ${UPLOADS}`]: { status: 201, body: created },
      [`POST ${COMMIT}`]: { status: 200, body: { ...commitResult(), rows_refused: 2909, errors: [] } },
      [`GET ${REFUSED}`]: { status: 200, body: "Строка;Причина" },
    });
    const { saved } = captureDownloads();
    open();
    await screen.findByLabelText("Файл DairyComp 305");
    chooseFile();

    const errors = await screen.findByRole("region", { name: "Ошибки в строках" });
    expect(within(errors).getByText("Показаны первые 200 из 2 909.")).toBeTruthy();
    fireEvent.click(within(errors).getByRole("button", { name: "Скачать все строки с ошибками в CSV" }));
    await waitFor(() => expect(saved).toEqual(["events — отклонённые строки.csv"]));
    const call = api.calls.find((c) => c.path === REFUSED);
    expect(call?.query.get("format")).toBe("csv");
    expect(call?.authorization).toBe("Bearer access-1");

    fireEvent.click(screen.getByRole("button", { name: /Записать в базу/ }));
    expect(await screen.findByText("Данные записаны в базу")).toBeTruthy();
    const done = screen.getByRole("region", { name: "Ошибки в строках" });
    fireEvent.click(within(done).getByRole("button", { name: "Скачать все строки с ошибками в XLSX" }));
    await waitFor(() => expect(saved).toEqual(["events — отклонённые строки.csv", "events — отклонённые строки.xlsx"]));
    expect(api.calls.filter((c) => c.path === REFUSED).map((c) => c.query.get("format"))).toEqual(["csv", "xlsx"]);
  });

  it("gives the server's refusal, naming the file, and keeps the file chooser", async () => {
    const message = "Это файл EGRAPH (график), а не список: выгрузите EVENTS или LIST";
    serve({ [`POST ${UPLOADS}`]: { status: 400, body: { code: "validation_error", message } } });
    open();
    await screen.findByLabelText("Файл DairyComp 305");
    chooseFile();
    expect(await screen.findByText(`Файл «events.csv» не принят. ${message}`)).toBeTruthy();
    expect(screen.getByLabelText("Файл DairyComp 305")).toBeTruthy();
  });

  it("stops the upload on «Отменить»", async () => {
    serve();
    const held = holdRequests((method, path) => method === "POST" && path === UPLOADS);
    open();
    await screen.findByLabelText("Файл DairyComp 305");
    chooseFile();
    fireEvent.click(await screen.findByRole("button", { name: /Отменить/ }));
    expect(await screen.findByText("Загрузка отменена: файл не принят")).toBeTruthy();
    held.release();
    expect(screen.getByLabelText("Файл DairyComp 305")).toBeTruthy();
    expect(screen.queryByText("События (EVENTS)")).toBeNull();
  });

  it("offers no commit for a file with nothing new: all its animals and events are in the herd already", async () => {
    const created = uploadCreated();
    const { preview } = created;
    const again = {
      ...created,
      preview: { ...preview, animals_new: 0, animals_changed: 0, animals_unchanged: 359, events_new: 0 },
    };
    serve({ [`POST ${UPLOADS}`]: { status: 201, body: again } });
    open();
    await screen.findByLabelText("Файл DairyComp 305");
    chooseFile();
    expect(await screen.findByText("В файле нет ничего нового")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Записать в базу/ })).toBeNull();
    expect(screen.getByRole("button", { name: /Выбрать другой файл/ })).toBeTruthy();
  });

  it("counts the file's repeated lines, so that the rows add up; row errors without their line again", async () => {
    const created = uploadCreated();
    // 1 250 rows = 1 180 new + 45 already there + 22 refused + 3 repeated.
    const preview = {
      ...created.preview,
      rows_refused: 22,
      rows_repeated: 3,
      errors: [{ line: 5, message: "Строка 5: неверная дата «31.02.2019» в столбце «BDAT»" }],
    };
    serve({ [`POST ${UPLOADS}`]: { status: 201, body: { ...created, preview } } });
    open();
    await screen.findByLabelText("Файл DairyComp 305");
    chooseFile();
    const rows = (await screen.findByText("Повторы в файле")).closest(".ant-card") as HTMLElement;
    expect(within(rows).getByText("3")).toBeTruthy();
    expect(within(rows).getByText("22")).toBeTruthy();
    const errors = screen.getByRole("region", { name: "Ошибки в строках" });
    expect(within(errors).getByText("Неверная дата «31.02.2019» в столбце «BDAT»")).toBeTruthy();
  });

  it("says so when the upload was already written (409)", async () => {
    const message = "Эта загрузка уже записана";
    serve({ [`POST ${COMMIT}`]: { status: 409, body: { code: "conflict", message } } });
    open();
    await screen.findByLabelText("Файл DairyComp 305");
    chooseFile();
    fireEvent.click(await screen.findByRole("button", { name: /Записать в базу/ }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText("События (EVENTS)")).toBeTruthy();
  });

  it("with several herd databases, takes the one the link names and asks for one otherwise", async () => {
    const user = herdUser();
    user.user_databases.push(secondHerdDb());
    serveHerd({}, user);
    const first = open(`/services/dc305_upload?db=${DB2}`);
    expect(await screen.findByText("Стадо Луговое")).toBeTruthy();
    first.unmount();

    open();
    expect(await screen.findByText("Сначала выберите базу стада.")).toBeTruthy();
    expect((screen.getByLabelText("Файл DairyComp 305") as HTMLInputElement).disabled).toBe(true);
  });

  it("tells a user without DC305 that the module is off", async () => {
    serveHerd({}, herdUser({ dc_305: false }));
    open();
    expect(await screen.findByText("Загрузка DairyComp 305 не подключена")).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText("Файл DairyComp 305")).toBeNull());
  });
});
