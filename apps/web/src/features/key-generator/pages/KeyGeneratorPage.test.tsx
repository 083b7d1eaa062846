import type { ApiKey, CreatedKey, KeygenWorkspace } from "@nadoy/contract/keys";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { userDataFixture } from "../../../test/fixtures.ts";
import { pickOption } from "../../../test/pick-option.ts";
import { renderPage } from "../../../test/render-page.tsx";
import { screenWidth } from "../../../test/screen-width.ts";
import { mockSignedIn } from "../../../test/signed-in.ts";
import { KeyGeneratorPage } from "./KeyGeneratorPage.tsx";

const WS = "1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d";
const SENSORS = "2b3c4d5e-6f70-4b1c-8d2e-4f5a6b7c8d9e";
const HERD = "3c4d5e6f-7081-4c1d-8e2f-5a6b7c8d9e0f";
const KEY = "4d5e6f70-8192-4d1e-8f20-6b7c8d9e0f1a";
const PATH = "/services/key_generator/:uuid?";

function apiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    uuid: KEY,
    name: "Шлюз коровника",
    scope: "ingest",
    database: { uuid: SENSORS, name: "Датчики МТФ-1" },
    dtm_code: "ZR-001",
    hint: "ndk_AbCd",
    expires_at: null,
    created_by: { id: 7, name: "Анна Петрова" },
    created_at: new Date(2026, 10, 20, 9, 30).toISOString(),
    last_used_at: new Date(2026, 10, 26, 14, 5).toISOString(),
    last_used_ip: "10.1.2.3",
    revoked_at: null,
    revoked_by: null,
    state: "active",
    expected_interval_min: null,
    silent_since: null,
    ...overrides,
  };
}

function workspace(keys: ApiKey[]): KeygenWorkspace {
  return {
    uuid: WS,
    name: "Заря",
    databases: [
      { uuid: SENSORS, name: "Датчики МТФ-1", kind: "monitoring" },
      { uuid: HERD, name: "Стадо", kind: "herd" },
    ],
    dtm_codes: ["ZR-001"],
    keys,
  };
}

const user = userDataFixture({ keygen_workspaces: [{ uuid: WS, name: "Заря" }] });

describe("/services/key_generator", { timeout: 30_000 }, () => {
  it("opens the only workspace and lists its keys: scope, database, last use, state", async () => {
    screenWidth(1280);
    mockSignedIn(user, { [`GET /api/keys/workspaces/${WS}/`]: { status: 200, body: workspace([apiKey()]) } });
    const { router } = renderPage(PATH, <KeyGeneratorPage />, "/services/key_generator");
    const row = (await screen.findByText("Шлюз коровника")).closest("tr") as HTMLElement;
    expect(router.state.location.pathname).toBe(`/services/key_generator/${WS}`);
    expect(within(row).getByText("Показания мониторинга")).toBeTruthy();
    expect(within(row).getByText("Датчики МТФ-1")).toBeTruthy();
    expect(within(row).getByText("26.11.2026 14:05, 10.1.2.3")).toBeTruthy();
    expect(within(row).getByText("Действует")).toBeTruthy();
    expect(within(row).getByText("бессрочно")).toBeTruthy();
  });

  it("shows a watched key's interval, and «Молчит» once it was reported silent", async () => {
    const silent = apiKey({ expected_interval_min: 30, silent_since: new Date(2026, 10, 26, 15, 0).toISOString() });
    mockSignedIn(user, { [`GET /api/keys/workspaces/${WS}/`]: { status: 200, body: workspace([silent]) } });
    renderPage(PATH, <KeyGeneratorPage />, `/services/key_generator/${WS}`);
    const row = (await screen.findByText("Шлюз коровника")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Молчит")).toBeTruthy();
    expect(within(row).getByText("нет передач с 26.11.2026 15:00")).toBeTruthy();
  });

  it("shows when and by whom a key was revoked, and offers no revoke for it", async () => {
    const revoked = apiKey({
      state: "revoked",
      revoked_at: new Date(2026, 10, 25, 8, 0).toISOString(),
      revoked_by: { id: 7, name: "Анна Петрова" },
    });
    mockSignedIn(user, { [`GET /api/keys/workspaces/${WS}/`]: { status: 200, body: workspace([revoked]) } });
    renderPage(PATH, <KeyGeneratorPage />, `/services/key_generator/${WS}`);
    const row = (await screen.findByText("Шлюз коровника")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Отозван")).toBeTruthy();
    expect(within(row).getByText("25.11.2026 08:00, Анна Петрова")).toBeTruthy();
    expect(within(row).queryByRole("button", { name: /Отозвать/ })).toBeNull();
  });

  it("says what to do when there are no keys", async () => {
    mockSignedIn(user, { [`GET /api/keys/workspaces/${WS}/`]: { status: 200, body: workspace([]) } });
    renderPage(PATH, <KeyGeneratorPage />, `/services/key_generator/${WS}`);
    expect(await screen.findByText(/Ключей пока нет\. Нажмите «Создать ключ»/)).toBeTruthy();
  });

  it("creates a key into a database of the scope's kind and shows the secret once, with a copy button", async () => {
    const created: CreatedKey = { key: apiKey({ last_used_at: null, last_used_ip: null }), secret: "ndk_AbCdEfGh123" };
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    const { calls } = mockSignedIn(user, {
      [`GET /api/keys/workspaces/${WS}/`]: { status: 200, body: workspace([]) },
      [`POST /api/keys/workspaces/${WS}/keys/`]: { status: 201, body: created },
    });
    renderPage(PATH, <KeyGeneratorPage />, `/services/key_generator/${WS}`);
    fireEvent.click(await screen.findByRole("button", { name: /Создать ключ/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Название"), { target: { value: "Шлюз коровника" } });
    const database = within(dialog).getByRole("combobox", { name: "База данных" });
    fireEvent.mouseDown(database);
    // Readings go into monitoring databases only: the herd database is not offered.
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="Датчики МТФ-1"]')).toBeTruthy());
    expect(document.querySelector('.ant-select-item-option[title="Стадо"]')).toBeNull();
    await pickOption(database, "Датчики МТФ-1");
    fireEvent.change(within(dialog).getByLabelText("Ожидаемый интервал передачи, минут"), { target: { value: "15" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Создать ключ" }));

    expect(await screen.findByText("ndk_AbCdEfGh123")).toBeTruthy();
    expect(screen.getByText("Скопируйте ключ сейчас: больше он показан не будет")).toBeTruthy();
    const post = calls.find((c) => c.method === "POST" && c.path.endsWith("/keys/"));
    expect(post?.body).toEqual({
      name: "Шлюз коровника",
      scope: "ingest",
      database_uuid: SENSORS,
      expires_at: null,
      dtm_code: null,
      expected_interval_min: 15,
    });
    fireEvent.click(screen.getByRole("button", { name: /Копировать ключ/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith("ndk_AbCdEfGh123"));
    fireEvent.click(screen.getByRole("button", { name: "Я сохранил ключ" }));
    await waitFor(() => expect(screen.queryByTestId("key-secret")).toBeNull());
  });

  it("keeps the secret on screen until the user says it is saved: no Escape, no ×", async () => {
    const created: CreatedKey = { key: apiKey({ last_used_at: null, last_used_ip: null }), secret: "ndk_AbCdEfGh123" };
    mockSignedIn(user, {
      [`GET /api/keys/workspaces/${WS}/`]: { status: 200, body: workspace([]) },
      [`POST /api/keys/workspaces/${WS}/keys/`]: { status: 201, body: created },
    });
    renderPage(PATH, <KeyGeneratorPage />, `/services/key_generator/${WS}`);
    fireEvent.click(await screen.findByRole("button", { name: /Создать ключ/ }));
    const form = await screen.findByRole("dialog");
    fireEvent.change(within(form).getByLabelText("Название"), { target: { value: "Шлюз коровника" } });
    await pickOption(within(form).getByRole("combobox", { name: "База данных" }), "Датчики МТФ-1");
    fireEvent.click(within(form).getByRole("button", { name: "Создать ключ" }));
    const secret = await screen.findByTestId("key-secret");
    const dialog = secret.closest('[role="dialog"]') as HTMLElement;

    // Escape (where the dialog listens, and where the focus is) leaves the secret on screen.
    fireEvent.keyDown(dialog, { key: "Escape", code: "Escape", keyCode: 27 });
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape", code: "Escape", keyCode: 27 });
    expect(screen.getByTestId("key-secret").textContent).toBe("ndk_AbCdEfGh123");
    expect(within(dialog).queryByRole("button", { name: /close|закрыть/i })).toBeNull();

    fireEvent.click(within(dialog).getByRole("button", { name: "Я сохранил ключ" }));
    await waitFor(() => expect(screen.queryByTestId("key-secret")).toBeNull());
  });

  it("offers no «Создать ключ» without a database a key could go to, and says why", async () => {
    mockSignedIn(user, {
      [`GET /api/keys/workspaces/${WS}/`]: { status: 200, body: { ...workspace([]), databases: [] } },
    });
    renderPage(PATH, <KeyGeneratorPage />, `/services/key_generator/${WS}`);
    const button = (await screen.findByRole("button", { name: /Создать ключ/ })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText(/Чтобы создать ключ, нужна база мониторинга или база стада/)).toBeTruthy();
    fireEvent.mouseEnter(button.parentElement as HTMLElement);
    expect(await screen.findByRole("tooltip")).toHaveProperty(
      "textContent",
      "Нет базы, куда ключ мог бы передавать данные: нужна база мониторинга или база стада компании, открытая вам",
    );
    fireEvent.click(button);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("revokes a key after a confirmation", async () => {
    const { calls } = mockSignedIn(user, {
      [`GET /api/keys/workspaces/${WS}/`]: { status: 200, body: workspace([apiKey()]) },
      [`POST /api/keys/${KEY}/revoke/`]: { status: 200, body: apiKey({ state: "revoked" }) },
    });
    renderPage(PATH, <KeyGeneratorPage />, `/services/key_generator/${WS}`);
    fireEvent.click(await screen.findByRole("button", { name: "Отозвать Шлюз коровника" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Отозвать ключ «Шлюз коровника»?");
    expect(calls.some((c) => c.path.endsWith("/revoke/"))).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Отозвать" }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === "POST" && c.path === `/api/keys/${KEY}/revoke/`)).toBe(true),
    );
  });

  it("tells a user without workspaces who issues keys", async () => {
    mockSignedIn(userDataFixture());
    renderPage(PATH, <KeyGeneratorPage />, "/services/key_generator");
    expect(await screen.findByText(/Вам не доступно ни одно пространство ключей/)).toBeTruthy();
  });
});
