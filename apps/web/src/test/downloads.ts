import { vi } from "vitest";

/**
 * Catches what a page saves (saveBlob: an object URL clicked on an anchor): the blobs and the file
 * names, in order. jsdom has no object URLs and would navigate on the click.
 */
export function captureDownloads(): { blobs: Blob[]; saved: string[] } {
  const blobs: Blob[] = [];
  const saved: string[] = [];
  vi.stubGlobal(
    "URL",
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return "blob:download";
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { blobs, saved };
}
