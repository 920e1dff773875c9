/** Contact details as links. */

/** A tel: link that dials the number's digits (and a leading +), whatever spacing or brackets it is written with. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, "");
  return `tel:${trimmed.startsWith("+") ? "+" : ""}${digits}`;
}
