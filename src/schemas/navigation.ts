/** content/navigation.json: the main navigation, the secondary links and the legal links. */
import { z } from "astro/zod";
import { navItemSchema } from "./fields";

export const navigationSchema = z.strictObject({
  /** The 7 main items, in order. */
  main: z.array(navItemSchema).min(1),
  /** Secondary header links (Books, Radio, Calculator, Learn), also in the footer. */
  secondary: z.array(navItemSchema),
  /** Footer legal links. */
  legal: z.array(navItemSchema),
});
export type Navigation = z.infer<typeof navigationSchema>;
