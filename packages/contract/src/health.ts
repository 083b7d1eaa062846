import { z } from "zod";
import { defineRoute } from "./http.ts";

export const healthRoute = defineRoute({
  method: "GET",
  path: "/api/health",
  auth: "public",
  response: z.object({ status: z.literal("ok"), db: z.enum(["pglite", "postgres"]), version: z.string() }),
  summary: "Состояние сервера и вид базы данных",
});
