import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { adsSchema } from "../../src/schemas";

const ads = JSON.parse(readFileSync(new URL("../../content/ads.json", import.meta.url), "utf-8"));

describe("adsSchema", () => {
  test("accepts the shipped placements: the six slot ids with their heights, and the radio sidebar", () => {
    const parsed = adsSchema.parse(ads);
    expect(parsed.slots.map((slot) => [slot.id, slot.minHeight])).toEqual([
      [6079445, 250],
      [1452360, 250],
      [6079446, 600],
      [1452361, 250],
      [6079448, 250],
      [1452363, 250],
    ]);
    expect(parsed.sidebars["/radio"]).toEqual([6079446]);
  });

  test("defaults to no sidebar slots and a search-ads placeholder between a row's slots", () => {
    const { sidebars: _sidebars, between: _between, ...rest } = ads;
    const parsed = adsSchema.parse(rest);
    expect(parsed.sidebars).toEqual({});
    expect(parsed.between).toBe("search");
  });

  test("refuses a sidebar slot id that is not listed in slots", () => {
    const result = adsSchema.safeParse({ ...ads, sidebars: { "/radio": [999] } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["sidebars", "/radio", 0] });
  });

  test("refuses an unknown type for the placeholder between slots", () => {
    expect(adsSchema.safeParse({ ...ads, between: "video" }).success).toBe(false);
  });
});
