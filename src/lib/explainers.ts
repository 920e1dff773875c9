/**
 * The explainers (content/pages/<id>.mdx, at /<id>): the four pages that teach as a lesson does. Each carries Key
 * takeaways, Check yourself, Sources and Last reviewed (src/content.ts requires them), links the glossary terms it
 * names (astro.config.mjs), is an Article in its structured data, and is held to a reading page's byte budget.
 */
export const EXPLAINERS = ["about", "types", "strategies", "analysis"] as const;

export type Explainer = (typeof EXPLAINERS)[number];
