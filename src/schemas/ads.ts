/** content/ads.json: the ad slots and where they go. */
import { z } from "astro/zod";
import { nonEmpty, pagePath } from "./fields";

export const adTypes = ["search", "display"] as const;
export const adSlotSchema = z.strictObject({
  id: z.number().int().positive(),
  /** Height the slot always reserves, in CSS pixels. */
  minHeight: z.number().int().min(50).max(1200),
  type: z.enum(adTypes),
});

export const adsSchema = z
  .strictObject({
    /** Human label per ad type, shown in the placeholder. */
    labels: z.strictObject({ search: nonEmpty, display: nonEmpty }),
    slots: z.array(adSlotSchema).min(1),
    /** Slot shown in the footer's "Sponsored Content" box. */
    footer: z.number().int(),
    /** Route → the slot ids shown on it, in order (two per row on desktop). */
    placements: z.record(pagePath, z.array(z.number().int())),
    /** Route → the slot ids stacked in that page's sidebar (where the tall 600px slot fits). */
    sidebars: z.record(pagePath, z.array(z.number().int())).default({}),
    /** Type label of the placeholder shown between a row's two slots from 768px. */
    between: z.enum(adTypes).default("search"),
  })
  .superRefine((ads, ctx) => {
    const ids = new Set(ads.slots.map((slot) => slot.id));
    const check = (id: number, path: (string | number)[]) => {
      if (!ids.has(id)) ctx.addIssue({ code: "custom", path, message: `slot ${id} is not listed in slots` });
    };
    check(ads.footer, ["footer"]);
    for (const [route, list] of Object.entries(ads.placements)) {
      list.forEach((id, index) => check(id, ["placements", route, index]));
    }
    for (const [route, list] of Object.entries(ads.sidebars)) {
      list.forEach((id, index) => check(id, ["sidebars", route, index]));
    }
  });
