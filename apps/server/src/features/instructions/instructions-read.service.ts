import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import type { InstructionDetail, InstructionItem } from "@nadoy/contract/instructions";
import type { Db } from "../../db/client.ts";
import { attachmentsOfInstructions } from "../../platform/attachments/attachments.repository.ts";
import { ApiError } from "../../platform/errors.ts";
import type { Reader } from "./instruction-audience.ts";
import { cutAtWord, snippetAround } from "./instruction-text.ts";
import * as repo from "./instructions-read.repository.ts";

// Readers' articles (contract instructions.ts): the list in the editors' order or a search, and one
// article with its files. What the caller may not read answers 404, exactly like a missing article.

const notFound = () => new ApiError(404, ErrorCode.notFound, ErrorText.notFound);

export function createInstructionsReadService(db: Db) {
  return {
    async list(reader: Reader, q: string): Promise<InstructionItem[]> {
      if (q === "") {
        const rows = await repo.readableInOrder(db, reader);
        return rows.map((row) => ({
          uuid: row.uuid,
          title: row.title,
          snippet: cutAtWord(row.head),
          updated_at: row.updatedAt.toISOString(),
        }));
      }
      const rows = await repo.searchReadable(db, reader, q);
      return rows.map((row) => ({
        uuid: row.uuid,
        title: row.title,
        snippet: snippetAround(row.headline, row.at, row.textLength, row.head),
        updated_at: row.updatedAt.toISOString(),
      }));
    },

    async get(reader: Reader, uuid: string): Promise<InstructionDetail> {
      const row = await repo.readableArticle(db, reader, uuid);
      if (!row) throw notFound();
      const files = await attachmentsOfInstructions(db, [row.id]);
      return {
        uuid: row.uuid,
        title: row.title,
        body: row.body,
        updated_at: row.updatedAt.toISOString(),
        attachments: files.get(row.id) ?? [],
      };
    },
  };
}
