/** Pure helpers for the lessons and explainers: their structured data and the lesson count label. */

/** "Lesson {n} of {total}" → "Lesson 2 of 5". */
export function lessonNumber(label: string, n: number, total: number): string {
  return label.replaceAll("{n}", String(n)).replaceAll("{total}", String(total));
}

interface ArticleOptions {
  headline: string;
  description: string;
  /** The page's absolute URL. */
  url: string;
  /** YYYY-MM-DD: when an editor last reviewed the text. */
  dateModified: string;
  siteName: string;
  siteUrl: string;
}

/** schema.org structured data for a teaching page: an Article (a LearningResource too) with its review date. */
export function articleJsonLd({ headline, description, url, dateModified, siteName, siteUrl }: ArticleOptions) {
  return {
    "@context": "https://schema.org",
    "@type": ["Article", "LearningResource"],
    headline,
    description,
    url,
    mainEntityOfPage: url,
    dateModified,
    inLanguage: "en-US",
    isAccessibleForFree: true,
    publisher: { "@type": "Organization", name: siteName, url: siteUrl },
  };
}
