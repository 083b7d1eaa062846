import { describe, expect, it } from "vitest";
import { animalsParamsOf, animalsQueryOf, withFilter } from "./animals-url.ts";

describe("the animal list's URL", () => {
  it("reads every filter and the page", () => {
    const params = new URLSearchParams("status=dry&lact=2&pen=5&dim_from=10&dim_to=200&q=1234&page=3");
    expect(animalsQueryOf(params)).toEqual({
      status: "dry",
      lact: 2,
      pen: "5",
      dim_from: 10,
      dim_to: 200,
      q: "1234",
      page: 3,
    });
  });

  it("drops what the server would refuse and keeps the rest", () => {
    expect(animalsQueryOf(new URLSearchParams("status=flying&lact=x&page=0&pen=7"))).toEqual({ page: 1, pen: "7" });
  });

  it("writes back only what is set, page 1 left out", () => {
    expect(animalsParamsOf({ page: 1, status: "milking", lact: undefined })).toEqual({ status: "milking" });
    expect(animalsParamsOf({ page: 2, q: "A1" })).toEqual({ page: "2", q: "A1" });
  });

  it("goes back to the first page when a filter changes", () => {
    expect(withFilter({ page: 4, pen: "1" }, { status: "dry" })).toEqual({ page: 1, pen: "1", status: "dry" });
  });
});
