import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { newestChangelogEntry, REPOSITORY_ROOT } from "../../../build-info.ts";
import { mockApi } from "../../test/mock-api.ts";
import { renderApp } from "../../test/render-app.tsx";

describe("static pages", () => {
  it("/changelog tells users what changed for them, in their words", async () => {
    mockApi({});
    renderApp("/changelog");

    expect(await screen.findByRole("heading", { level: 1, name: "История изменений" })).toBeTruthy();
    const [year, month, day] = __APP_RELEASE_DATE__.split("-").map(Number);
    const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day)).toLocaleDateString("ru-RU", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(screen.getByRole("heading", { level: 2, name: `${__APP_VERSION__} — ${date}` })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 3, name: "Вход и учётная запись" })).toBeTruthy();
    expect(screen.getByText(/через Яндекс ID/)).toBeTruthy();

    // Not the developers' changelog: no settings, API addresses, commands or code.
    const text = document.body.textContent ?? "";
    expect(text).not.toMatch(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/);
    expect(text).not.toMatch(/\/api\/|npm |openapi|PostgreSQL/i);
    expect(document.querySelector("code")).toBeNull();
  });

  it("has release notes for the version the developers' CHANGELOG.md is at", () => {
    const read = (path: string) => readFileSync(resolve(REPOSITORY_ROOT, path), "utf8");
    expect(newestChangelogEntry(read("apps/web/src/features/static/release-notes.md"))).toEqual(
      newestChangelogEntry(read("CHANGELOG.md")),
    );
  });

  it("/terms-of-service holds the terms of use", async () => {
    mockApi({});
    renderApp("/terms-of-service");

    expect(await screen.findByRole("heading", { name: "Пользовательское соглашение" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "3. Учётная запись" })).toBeTruthy();
    expect(document.title).toBe("Пользовательское соглашение — Надой");
  });

  it("/personal-data-agreement is the consent under 152-ФЗ", async () => {
    mockApi({});
    renderApp("/personal-data-agreement");

    expect(await screen.findByRole("heading", { name: "Согласие на обработку персональных данных" })).toBeTruthy();
    expect(screen.getByText(/№ 152-ФЗ «О персональных данных»/)).toBeTruthy();
  });

  it("/404 says the page does not exist and leads home", async () => {
    mockApi({});
    const { router } = renderApp("/404");

    expect(await screen.findByText("Страница не найдена")).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "На главную" }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe("/404"));
  });

  it("/500 reports a server error", async () => {
    mockApi({});
    renderApp("/500");
    expect(await screen.findByText("Ошибка сервера")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Вернуться назад" })).toBeTruthy();
  });
});
