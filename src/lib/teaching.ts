/** Pure helpers for the lessons: the lesson count label. */

/** "Lesson {n} of {total}" → "Lesson 2 of 5". */
export function lessonNumber(label: string, n: number, total: number): string {
  return label.replaceAll("{n}", String(n)).replaceAll("{total}", String(total));
}
