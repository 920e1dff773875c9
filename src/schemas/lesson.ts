/**
 * Front matter of the teaching pages: the lessons under content/learn/ and the
 * explainers (about, types, strategies, analysis) under content/pages/.
 *
 * Built from zod and the shared field pieces only, so the page schema can import
 * these without an import cycle.
 */
import { z } from "astro/zod";
import { isoDay, nonEmpty, withPlaceholders } from "./fields";

const text = nonEmpty;

/**
 * A front matter's fields: a misspelt field fails the build instead of vanishing, and the message names it and the
 * fields the file can have. Each unknown field is an issue at its own name, which Astro prints under the file's name
 * as `kiker: unknown field (the fields here: …)`; a strict object's one issue for them all has an empty path,
 * which Astro printed as `****: unknown field "kiker" …`.
 */
export function frontMatter<T extends z.ZodRawShape>(shape: T) {
  const fields = Object.keys(shape);
  return z.preprocess((input, context) => {
    if (input && typeof input === "object" && !Array.isArray(input)) {
      for (const key of Object.keys(input).filter((key) => !fields.includes(key))) {
        context.addIssue({
          code: "custom",
          path: [key],
          input,
          message: `unknown field (the fields here: ${fields.join(", ")})`,
        });
      }
    }
    return input;
  }, z.object(shape));
}

const lengthOf = (issue: { input?: unknown }) => String(issue.input ?? "").trim().length;

/** A meta description: search results show about 160 characters. */
export const description = nonEmpty
  .min(50, { error: (issue) => `must be 50 to 170 characters (this one has ${lengthOf(issue)})` })
  .max(170, { error: (issue) => `must be 50 to 170 characters (this one has ${lengthOf(issue)})` });

/** A date written YYYY-MM-DD in the file; YAML reads an unquoted one as a Date, a quoted one as text. */
export const reviewDate = z.preprocess(
  (value) => (value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString().slice(0, 10) : value),
  isoDay.refine((day) => day <= new Date().toISOString().slice(0, 10), { message: "must not be after today" }),
);

/** One question of the "Check yourself" block; the answer is revealed by a <details> element. */
export const quizItemSchema = z.strictObject({ question: text, answer: text });

/** A primary reference: a regulator, agency, exchange or issuer document. */
export const sourceSchema = z.strictObject({
  title: text,
  /** Who publishes it, e.g. "FINRA" or "U.S. Securities and Exchange Commission". */
  publisher: text,
  url: z.httpUrl({ message: "must be an absolute http:// or https:// URL" }),
});
export type Source = z.infer<typeof sourceSchema>;

/** The fields every teaching page carries: Key takeaways, Check yourself, Sources and Last reviewed. */
export const teachingFields = {
  /** Shown as "Last reviewed"; the article's dateModified. */
  lastReviewed: reviewDate,
  /** 3–5 short sentences: the Key takeaways box at the top. */
  takeaways: z.array(text).min(3, { message: "must list 3 to 5 takeaways" }).max(5, {
    message: "must list 3 to 5 takeaways",
  }),
  /** 3–5 questions with their answers: the Check yourself block. */
  quiz: z.array(quizItemSchema).min(3, { message: "must ask 3 to 5 questions" }).max(5, {
    message: "must ask 3 to 5 questions",
  }),
  /** Primary references, at least one. */
  sources: z.array(sourceSchema).min(1, { message: "must list at least 1 source" }),
};

/** The teaching fields picked out of an explainer's front matter, whose other fields its page schema checks. */
export const teachingSchema = z.object(teachingFields);
export type Teaching = z.infer<typeof teachingSchema>;

/** Front matter of a lesson, content/learn/<slug>.mdx (the file name is its address, /learn/<slug>). */
export const lessonSchema = frontMatter({
  /** The <title> and the lesson's h1. */
  title: text,
  /** Meta description: 50–170 characters. */
  description,
  /** Small label above the headline; "Lesson" when left out. */
  kicker: text.default("Lesson"),
  /** The standfirst under the headline, also shown on /learn. */
  dek: text,
  /** Position on /learn, from 1. */
  order: z.number().int().min(1),
  ...teachingFields,
});
export type Lesson = z.infer<typeof lessonSchema>;

/** content/learn.json: the words around the teaching parts, the same on every lesson and explainer. */
export const learnLabelsSchema = z.strictObject({
  /** "Key takeaways": the heading of the box at the top. */
  takeaways: text,
  /** "Check yourself": the heading of the questions at the end. */
  quiz: text,
  /** A line under that heading, e.g. "Answer in your head, then open the answer." */
  quizIntro: text.optional(),
  /** "Show the answer": the summary of each answer's disclosure, and "Hide the answer" while it is open. */
  answer: text,
  answerOpen: text,
  /** "Sources": the heading of the references. */
  sources: text,
  /** "Last reviewed", followed by the date. */
  lastReviewed: text,
  /** "Lesson {n} of {total}", above each lesson's headline and on /learn (src/lib/teaching.ts fills them in). */
  lessonNumber: withPlaceholders(
    { n: "the lesson's number", total: "the number of lessons" },
    // Without {n} every lesson would carry the same words; "of {total}" may be left out.
    { required: ["n"] },
  ),
  /** "Next lesson" and "Previous lesson", at the foot of a lesson. */
  next: text,
  previous: text,
  /** "All lessons": the link back to /learn. */
  all: text,
});
export type LearnLabels = z.infer<typeof learnLabelsSchema>;
