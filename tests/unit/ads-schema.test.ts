import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { adsSchema } from "../../src/schemas";

const ads = JSON.parse(readFileSync(new URL("../../content/ads.json", import.meta.url), "utf-8"));

/** The site's routes: one per page in content/pages (index is /) and one per lesson in content/learn. */
const routes = () => {
  const names = (folder: string) =>
    readdirSync(new URL(`../../content/${folder}/`, import.meta.url))
      .filter((file) => file.endsWith(".mdx"))
      .map((file) => file.slice(0, -".mdx".length));
  return new Set([
    ...names("pages").map((name) => (name === "index" ? "/" : `/${name}`)),
    ...names("learn").map((name) => `/learn/${name}`),
  ]);
};

describe("adsSchema", () => {
  test("accepts content/ads.json, whose footer, placements and sidebars name only listed slots", () => {
    const parsed = adsSchema.parse(ads);
    const ids = new Set(parsed.slots.map((slot) => slot.id));
    const used = [parsed.footer, ...Object.values(parsed.placements).flat(), ...Object.values(parsed.sidebars).flat()];
    for (const id of used) expect(ids, `slot ${id}`).toContain(id);
  });

  test("gives every slot of content/ads.json its own id and a positive whole-pixel height", () => {
    const { slots } = adsSchema.parse(ads);
    // The components look a slot up by its id: two slots with one id would render twice where one is placed.
    const ids = slots.map((slot) => slot.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const slot of slots) {
      expect(Number.isInteger(slot.minHeight), `slot ${slot.id}`).toBe(true);
      expect(slot.minHeight, `slot ${slot.id}`).toBeGreaterThan(0);
    }
  });

  test("places ads of content/ads.json only on routes the site has", () => {
    const { placements, sidebars } = adsSchema.parse(ads);
    const known = routes();
    for (const route of [...Object.keys(placements), ...Object.keys(sidebars)]) expect(known).toContain(route);
  });

  test("has slots for every sidebar a page stacks ads in", () => {
    // A page that puts <AdStack path="…"> in its sidebar shows an empty sidebar column when that route has no slots.
    const { sidebars } = adsSchema.parse(ads);
    const pages = readdirSync(new URL("../../src/pages/", import.meta.url), { recursive: true, encoding: "utf-8" });
    for (const file of pages.filter((name) => name.endsWith(".astro"))) {
      const source = readFileSync(new URL(`../../src/pages/${file}`, import.meta.url), "utf-8");
      for (const [, route] of source.matchAll(/<AdStack\s+path="([^"]+)"/g)) {
        expect(sidebars[route!]?.length ?? 0, `${file}: sidebar slots for ${route}`).toBeGreaterThan(0);
      }
    }
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
