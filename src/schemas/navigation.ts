/** content/navigation.json: the main navigation, the secondary links and the legal links. */
import { z } from "astro/zod";
import { navItemSchema } from "./fields";

/**
 * The main navigation is one line of upper-case titles under the header from 768 px, a tablet held upright, where it
 * has 736 px (768 less the margins); centred, a row wider than that is cut off at both ends (HOME and CONTACT), and
 * wider screens have more room. Measured in the widest common system font (DejaVu Sans, where the shipped titles
 * take 10.6 px a character), a title takes at most NAV_CHARACTER_PX a character and items are NAV_GAP_PX apart: 7
 * items have room for 51 characters together (the shipped titles have 48).
 */
export const NAV_ROW_PX = 736;
export const NAV_CHARACTER_PX = 11.5;
export const NAV_GAP_PX = 24;

/** How many characters `items` main navigation titles may have together and still fit on the row's one line. */
export const mainNavCharacters = (items: number) =>
  Math.floor((NAV_ROW_PX - NAV_GAP_PX * Math.max(items - 1, 0)) / NAV_CHARACTER_PX);

export const navigationSchema = z.strictObject({
  /** The 7 main items, in order, on one line from 768 px: their titles together fit `mainNavCharacters`. */
  main: z
    .array(navItemSchema)
    .min(1)
    .superRefine((items, ctx) => {
      const characters = items.reduce((sum, item) => sum + item.title.length, 0);
      const room = mainNavCharacters(items.length);
      if (characters > room) {
        ctx.addIssue({
          code: "custom",
          input: items,
          message:
            `its ${items.length} titles have ${characters} characters together, and at most ${room} fit on its one ` +
            "line on a 768 px screen (a tablet held upright), the narrowest that shows it; a longer row is cut off " +
            'at both ends. Shorten a title, or move an item to "secondary"',
        });
      }
    }),
  /** Secondary header links (Books, Radio, Calculator, Learn), also in the footer. */
  secondary: z.array(navItemSchema),
  /** Footer legal links. */
  legal: z.array(navItemSchema),
});
export type Navigation = z.infer<typeof navigationSchema>;
