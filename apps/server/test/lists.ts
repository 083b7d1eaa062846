import { type ColumnInput, LIST_FILE_TYPES } from "@nadoy/contract/lists";
import { ROLE_IDS } from "@nadoy/contract/roles";
import type { LightMyRequestResponse } from "fastify";
import { seedCompany } from "../src/db/seed/companies.ts";
import { seedUser } from "../src/db/seed/users.ts";
import { accessTokenFor, type Caller, type CallerLabel } from "./callers.ts";
import type { TestApp } from "./test-app.ts";

const API = "/api/tableLists";

/** JSON calls of the list engine with a caller's token. */
export function listApi(t: TestApp, token: string | undefined) {
  const call = (method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, payload?: unknown) =>
    t.request({ method, url: `${API}${url}`, token, ...(payload !== undefined && { payload: payload as object }) });
  return {
    call,
    lists: (kind?: "list" | "table") => call("GET", `/lists/${kind ? `?kind=${kind}` : ""}`),
    createList: (body: { name: string; company_uuid: string; kind?: "list" | "table"; columns?: ColumnInput[] }) =>
      call("POST", "/lists/", body),
    list: (uuid: string) => call("GET", `/lists/${uuid}/`),
    renameList: (uuid: string, name: string) => call("PATCH", `/lists/${uuid}/`, { name }),
    deleteList: (uuid: string) => call("DELETE", `/lists/${uuid}/`),
    createColumn: (uuid: string, body: ColumnInput) => call("POST", `/lists/${uuid}/columns/`, body),
    updateColumn: (uuid: string, body: object) => call("PATCH", `/columns/${uuid}/`, body),
    deleteColumn: (uuid: string) => call("DELETE", `/columns/${uuid}/`),
    reorderColumns: (uuid: string, uuids: string[]) => call("PUT", `/lists/${uuid}/columns/order/`, uuids),
    createRow: (uuid: string, values: Record<string, unknown> = {}, afterUuid?: string | null) =>
      call("POST", `/lists/${uuid}/rows/`, { values, ...(afterUuid !== undefined && { after_uuid: afterUuid }) }),
    updateRow: (uuid: string, values: Record<string, unknown>) => call("PATCH", `/rows/${uuid}/`, { values }),
    moveRow: (uuid: string, afterUuid: string | null) => call("POST", `/rows/${uuid}/move/`, { after_uuid: afterUuid }),
    deleteRows: (uuid: string, uuids: string[]) => call("POST", `/lists/${uuid}/rows/delete/`, { uuids }),
    form: (uuid: string) => call("GET", `/lists/${uuid}/form/`),
    saveForm: (uuid: string, body: object) => call("PUT", `/lists/${uuid}/form/`, body),
    publish: (uuid: string, published: boolean) => call("POST", `/lists/${uuid}/form/publish/`, { published }),
    exportList: (uuid: string, format: "csv" | "xlsx", view?: object, csv?: "excel" | "comma") =>
      call(
        "GET",
        `/lists/${uuid}/export/?format=${format}${view ? `&view=${encodeURIComponent(JSON.stringify(view))}` : ""}${csv ? `&csv=${csv}` : ""}`,
      ),
    importList: (
      uuid: string,
      format: "csv" | "xlsx",
      body: Buffer | string,
      query: { mode?: "preview" | "append" | "replace"; skip_invalid?: boolean } = {},
    ): Promise<LightMyRequestResponse> => {
      const params = new URLSearchParams({ format });
      if (query.mode) params.set("mode", query.mode);
      if (query.skip_invalid !== undefined) params.set("skip_invalid", String(query.skip_invalid));
      return t.request({
        method: "POST",
        url: `${API}/lists/${uuid}/import/?${params}`,
        token,
        payload: body,
        headers: { "content-type": LIST_FILE_TYPES[format] },
      });
    },
  };
}
export type ListApi = ReturnType<typeof listApi>;

/**
 * A company whose members are one user per role (role N has only group N) and a superuser who is
 * not a member (superusers see every company); plus the anonymous caller.
 */
export async function createCompanyCallers(t: TestApp, name = "Агрохолдинг Заря") {
  const { company } = await seedCompany(t.database.db, { name });
  const tag = company.id;
  const callers: Caller[] = [{ label: "anonymous", token: undefined, userId: undefined }];
  for (const role of ROLE_IDS) {
    const user = await seedUser(t.database.db, {
      username: `c${tag}role${role}`,
      firstName: "Роль",
      lastName: String(role),
      email: `c${tag}role${role}@example.com`,
      roles: [role],
      companyIds: [company.id],
    });
    callers.push({ label: `role ${role}` as CallerLabel, token: await accessTokenFor(t, user.id), userId: user.id });
  }
  const superuser = await seedUser(t.database.db, {
    username: `c${tag}super`,
    email: `c${tag}super@example.com`,
    isSuperuser: true,
  });
  callers.push({ label: "superuser", token: await accessTokenFor(t, superuser.id), userId: superuser.id });
  const byLabel = (label: CallerLabel) => {
    const caller = callers.find((c) => c.label === label);
    if (!caller) throw new Error(`no caller ${label}`);
    return caller;
  };
  return { company, callers, byLabel };
}
