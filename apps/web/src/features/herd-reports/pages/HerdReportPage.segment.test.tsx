import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DB, REPORT, renderPage, report1, SEGMENT, segment, serveReport } from "../test-support.tsx";
import { HerdReportPage } from "./HerdReportPage.tsx";

// A report's link names a saved segment (?segment=<uuid>) that may have been deleted since: the
// page says so in words, shows the report without it, and offers to take it out of the link.

const SEGMENTS = `/api/herd/${DB}/segments/`;
const NOT_FOUND = { code: "not_found", message: "Не найдено" };
const SEGMENT_NOT_FOUND = { code: "not_found", message: "Сегмент не найден: он удалён или вам недоступен" };

const open = (search: string) =>
  renderPage("/services/report/1/:uuid", <HerdReportPage n={1} />, `/services/report/1/${DB}${search}`);

/** The report without charts (no ECharts in these tests). */
const reportBody = { status: 200, body: report1({ charts: [] }) };

const reportQueries = (api: ReturnType<typeof serveReport>) =>
  api.calls.filter((call) => call.path === REPORT).map((call) => Object.fromEntries(call.query));

const segmentPicker = () => screen.getByRole("combobox", { name: "Сегмент" }).closest(".ant-select");
const conditions = () => document.querySelector(".herd-report-conditions")?.textContent;

describe("/services/report/1/:uuid?segment=", () => {
  it("names a segment that is there and asks the report with it", async () => {
    const api = serveReport({ [`GET ${REPORT}`]: reportBody });
    open(`?segment=${SEGMENT}`);
    await screen.findByLabelText("Родилось");
    expect(segmentPicker()?.textContent).toContain("Свежие");
    expect(conditions()).toBe("Сегмент: Свежие; сравнение: с предыдущим периодом");
    expect(reportQueries(api)).toEqual([{ compare: "previous", segment: SEGMENT }]);
  });

  it("a deleted segment: «Сегмент удалён», the report without it, and «Убрать из ссылки» clears it", async () => {
    const api = serveReport({ [`GET ${REPORT}`]: reportBody, [`GET ${SEGMENTS}`]: { status: 200, body: [] } });
    const page = open(`?segment=${SEGMENT}&compare=none`);
    await screen.findByLabelText("Родилось");
    const notice = screen.getByRole("alert");
    expect(notice.textContent).toContain("Сегмент удалён");
    expect(notice.textContent).toContain("отчёт показан без него");
    // The picker says it too, and no uuid is shown anywhere.
    expect(segmentPicker()?.textContent).toBe("Сегмент удалён");
    expect(document.body.textContent).not.toContain(SEGMENT);
    expect(conditions()).toBe("Все животные; сравнение: без сравнения");
    // The report was never asked with the segment (no «База не найдена» for it).
    expect(reportQueries(api)).toEqual([{ compare: "none" }]);
    expect(screen.queryByText("База не найдена или у вас нет к ней доступа")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Убрать из ссылки" }));
    await waitFor(() => expect(page.search()).toEqual({ compare: "none" }));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(segmentPicker()?.textContent).toBe("Всё стадо");
  });

  it("a segment deleted after the list came: the report's 404 fetches the list again, then the report without it", async () => {
    let lists = 0;
    const api = serveReport({
      [`GET ${SEGMENTS}`]: () => {
        lists += 1;
        return { status: 200, body: lists === 1 ? [segment()] : [] };
      },
      [`GET ${REPORT}`]: (call) => (call.query.has("segment") ? { status: 404, body: SEGMENT_NOT_FOUND } : reportBody),
    });
    open(`?segment=${SEGMENT}`);
    await screen.findByLabelText("Родилось");
    expect(screen.getByRole("alert").textContent).toContain("Сегмент удалён");
    expect(lists).toBe(2);
    expect(reportQueries(api)).toEqual([{ compare: "previous", segment: SEGMENT }, { compare: "previous" }]);
    expect(screen.queryByText("База не найдена или у вас нет к ней доступа")).toBeNull();
  });

  it("a database the user may not read is still not found, whatever segment the link names", async () => {
    serveReport({
      [`GET ${REPORT}`]: { status: 404, body: NOT_FOUND },
      [`GET ${SEGMENTS}`]: { status: 404, body: NOT_FOUND },
    });
    open(`?segment=${SEGMENT}`);
    expect(await screen.findByText("База не найдена или у вас нет к ней доступа")).toBeTruthy();
    expect(screen.queryByText("Сегмент удалён")).toBeNull();
  });
});
