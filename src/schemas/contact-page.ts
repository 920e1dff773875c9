/** content/contact-page.json: the texts of /contact around the form (the page's own text is content/pages/contact.mdx). */
import { z } from "astro/zod";
import { nonEmpty, withPlaceholders } from "./fields";

export const contactPageSchema = z.strictObject({
  /** The line under the contact form's frame; `{email}` becomes the contact email, linked. */
  formFallback: withPlaceholders(
    { email: "the contact email as a link (content/site.json → contact.email)" },
    // The page splits the line at {email} and puts the link between the two halves.
    { required: ["email"], once: ["email"] },
  ),
  /** The "Contact Information" box beside the form: its heading and the names of its entries (content/site.json → contact). */
  details: z.strictObject({
    heading: nonEmpty,
    email: nonEmpty,
    phone: nonEmpty,
    address: nonEmpty,
    supportHours: nonEmpty,
  }),
  /** The newsletter box under it: its heading, the email field's label and the button. */
  subscribe: z.strictObject({
    heading: nonEmpty,
    emailLabel: nonEmpty,
    button: nonEmpty,
  }),
});
export type ContactPage = z.infer<typeof contactPageSchema>;
