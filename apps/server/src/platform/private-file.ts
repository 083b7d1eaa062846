import type { FastifyReply } from "fastify";

/** What a download route answers with: a user's own file, never sniffed, never cached by proxies. */
export interface PrivateFileHeaders {
  contentType: string;
  disposition: string;
  /** Bytes, when known before the stream (a stored file). */
  size?: number;
}

/** Sets a private download's headers; the route then returns the file's body (a Buffer or a stream). */
export function privateFile(reply: FastifyReply, file: PrivateFileHeaders): void {
  reply.header("content-type", file.contentType).header("content-disposition", file.disposition);
  if (file.size !== undefined) reply.header("content-length", String(file.size));
  reply.header("x-content-type-options", "nosniff").header("cache-control", "private, no-cache");
}
