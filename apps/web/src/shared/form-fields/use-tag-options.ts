import type { TagOption } from "@nadoy/contract/form-values";
import { type FormElement, formTagsRoute } from "@nadoy/contract/table-lists";
import { useEffect, useRef, useState } from "react";
import { sendRequest } from "../lib/api-request.ts";

/** Tag options by column uuid. */
export type TagOptionsByColumn = Record<string, readonly TagOption[]>;

const NONE: TagOptionsByColumn = {};

/**
 * The options of the form's tag and select fields, from GET tableLists/tags/?column_uuid= (spec
 * §7, public: no token, so the light request without the token flow). `given` (the builder's
 * preview knows them from the list) skips the calls. Any failure calls `onFailure` once per load.
 */
export function useTagOptions(
  elements: readonly FormElement[],
  given: TagOptionsByColumn | undefined,
  onFailure: () => void,
): TagOptionsByColumn {
  const [loaded, setLoaded] = useState<TagOptionsByColumn>(NONE);
  // The latest callback, read when the calls end (a new function each render must not refetch).
  const failure = useRef(onFailure);
  failure.current = onFailure;
  const columns = given
    ? ""
    : elements
        .filter((e) => (e.type === "tag" || e.type === "select") && e.column_uuid !== null)
        .map((e) => e.column_uuid)
        .join(",");

  useEffect(() => {
    if (columns === "") return;
    let cancelled = false;
    const uuids = columns.split(",");
    void Promise.allSettled(
      uuids.map((column_uuid) => sendRequest(formTagsRoute, { query: { column_uuid } }, null)),
    ).then((results) => {
      if (cancelled) return;
      const next: Record<string, readonly TagOption[]> = {};
      let failed = false;
      results.forEach((result, index) => {
        const uuid = uuids[index] as string;
        if (result.status === "fulfilled") next[uuid] = result.value;
        else failed = true;
      });
      setLoaded(next);
      if (failed) failure.current();
    });
    return () => {
      cancelled = true;
    };
  }, [columns]);

  return given ?? loaded;
}
