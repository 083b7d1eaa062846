import { adminRows } from "./admin.ts";
import { authRows } from "./auth.ts";
import { boardRows, chatRows } from "./boards-chat.ts";
import { contentRows } from "./content.ts";
import { docsRows } from "./docs.ts";
import { dtmRows } from "./dtm.ts";
import { herdFileRows, herdRows, herdUploadRows } from "./herd.ts";
import { keyRows } from "./keys.ts";
import { listRows } from "./lists.ts";
import { monitoringModelRows, monitoringRows } from "./monitoring.ts";
import { reportRows } from "./reports.ts";
import type { Row } from "./types.ts";

/** Every row of the authorization matrix, by area. */
export const MATRIX: readonly Row[] = [
  ...authRows,
  ...contentRows,
  ...adminRows,
  ...listRows,
  ...boardRows,
  ...chatRows,
  ...reportRows,
  ...docsRows,
  ...herdRows,
  ...herdUploadRows,
  ...herdFileRows,
  ...keyRows,
  ...monitoringRows,
  ...monitoringModelRows,
  ...dtmRows,
];
