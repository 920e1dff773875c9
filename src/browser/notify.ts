/** Raises a notification; the Toaster (and React) load with the first one. */
import { toasts, type Toast, type ToastInput } from "../lib/toast-store";

let mounted: Promise<void> | undefined;

export function notify(input: ToastInput) {
  const region = document.getElementById("toast-region");
  if (region && !mounted) {
    document.addEventListener("keydown", dismissOnEscape);
    mounted = import("../islands/notifications/Toaster")
      .then(({ mountToaster }) => mountToaster(region, toasts))
      .catch(() => showPlainly(region)); // offline, or the chunk is blocked: the message must still reach the visitor
  }
  return toasts.toast(input);
}

/**
 * Escape closes the open notifications from wherever the focus is, so one that covers the field a visitor is
 * correcting (or any other focused control) goes without the focus moving to its close button, the last stop on
 * the page. An open dialog or popover takes the key first: Escape closes that, and a second one the notification.
 */
function dismissOnEscape(event: KeyboardEvent) {
  if (event.key !== "Escape" || event.defaultPrevented) return;
  if (document.querySelector("dialog[open]") || popoverOpen()) return;
  if (toasts.getState().some((item) => item.open)) toasts.dismiss();
}

/** True while a popover is open (a browser that does not know the selector has none). */
function popoverOpen(): boolean {
  try {
    return document.querySelector(":popover-open") !== null;
  } catch {
    return false;
  }
}

/** The same notifications as plain text in the live region, for when the Toaster's code cannot be fetched. */
function showPlainly(region: HTMLElement) {
  const render = (items: readonly Toast[]) =>
    region.replaceChildren(...items.filter((item) => item.open).map(plainToast));
  toasts.subscribe(render);
  render(toasts.getState());
}

function plainToast(item: Toast): HTMLElement {
  const box = document.createElement("div");
  box.setAttribute("role", item.variant === "destructive" ? "alert" : "status");
  box.dataset.slot = "toast";
  box.dataset.variant = item.variant;
  box.className = `pointer-events-auto relative border-2 p-4 pr-12 font-sans text-sm wrap-break-word ${
    item.variant === "destructive" ? "border-down bg-down text-paper" : "border-ink bg-paper text-ink"
  }`;
  for (const text of [item.title, item.description]) {
    if (!text) continue;
    const line = box.appendChild(document.createElement("p"));
    line.textContent = text;
  }
  if (item.action) {
    const link = box.appendChild(document.createElement("a"));
    link.href = item.action.href;
    link.textContent = item.action.label;
  }
  const close = box.appendChild(document.createElement("button"));
  close.type = "button";
  close.ariaLabel = "Dismiss notification";
  close.textContent = "×";
  close.className = "absolute top-2 right-2 inline-flex size-9 items-center justify-center text-lg";
  close.addEventListener("click", () => toasts.dismiss(item.id));
  return box;
}
