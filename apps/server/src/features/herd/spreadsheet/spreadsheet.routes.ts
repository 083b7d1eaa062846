import { downloadHerdTemplate, remapHerdUpload } from "@nadoy/contract/herd-spreadsheet";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../../app-deps.ts";
import { attachmentDisposition } from "../../../platform/content-disposition.ts";
import { runImport } from "../../../platform/imports/import-gate.ts";
import { registerRoute } from "../../../platform/routes.ts";
import { uploadFor } from "../upload/upload-access.ts";
import { herdTemplate, templateFileName, XLSX_TYPE } from "./herd-template.ts";
import { remapUpload } from "./remap-upload.ts";

/** Spreadsheet import (contract herd-spreadsheet.ts): a staged table mapped again, the templates. */
export function herdSpreadsheetRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  registerRoute(app, db, remapHerdUpload, async ({ user, params, body }) => {
    const upload = await uploadFor(db, user, params.upload_uuid);
    return runImport(deps.imports, user.id, () =>
      remapUpload({ db, dbKind: deps.dbKind, dataDir: deps.config.DATA_DIR }, upload, body.mapping),
    );
  });

  registerRoute(app, db, downloadHerdTemplate, async ({ params, reply }) => {
    const file = await herdTemplate(params.kind);
    reply
      .header("content-type", XLSX_TYPE)
      .header("content-disposition", attachmentDisposition(templateFileName(params.kind), "template"));
    return file;
  });
}
