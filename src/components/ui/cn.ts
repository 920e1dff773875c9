/** Joins class names, skipping falsy ones (shadcn's cn without the merge step). */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
