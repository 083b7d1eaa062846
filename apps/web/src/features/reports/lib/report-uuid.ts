import { z } from "zod";

const uuid = z.uuid();

/** A report uuid as the routes accept it (anything else in a URL cannot be a report). */
export const isReportUuid = (value: string | undefined): value is string => uuid.safeParse(value).success;
