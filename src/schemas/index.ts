/**
 * Zod schemas for every content file under `content/`, one file each (lesson.ts holds the
 * lessons' and the explainers' teaching fields), with the shared field pieces in fields.ts.
 *
 * They live here, not in `content.config.ts`, so unit tests can parse good and
 * bad inputs without the Astro runtime.
 */
export * from "./fields";
export * from "./site";
export * from "./navigation";
export * from "./featured";
export * from "./glossary";
export * from "./books";
export * from "./books-page";
export * from "./contact-page";
export * from "./ads";
export * from "./market";
export * from "./pages";
export * from "./home";
export * from "./types";
export * from "./strategies";
export * from "./resources";
export * from "./lesson";
