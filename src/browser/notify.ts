/** Raises a notification; the Toaster (and React) load with the first one. */
import { toasts, type Toast, type ToastInput } from "../lib/toast-store";

let mounted: Promise<void> | undefined;
/** What had the focus when the latest notification came: it gets the focus back if the notification takes it. */
let opener: Element | null = null;

export function notify(input: ToastInput) {
  const region = document.getElementById("toast-region");
  opener = document.activeElement;
  if (region && !mounted) {
    document.addEventListener("keydown", dismissOnEscape);
    keepFocusClear(region);
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

/**
 * A notification stays until it is dismissed, over the page's top on a phone and its bottom right from 640 px: while
 * one shows, the page's scroll padding takes its room as well, so a control the focus moves to (Tab, a link to a
 * heading) stops clear of it rather than under it; at the bottom, the footer gets that much room after its end, so
 * its last links can scroll clear too. Dismissed from its own button, it would leave the focus on nothing,
 * and the next Tab at the top of the page: the focus goes back to what had it when the notification came.
 */
function keepFocusClear(region: HTMLElement) {
  const root = document.documentElement;
  const footer = document.querySelector<HTMLElement>("body > footer");
  new ResizeObserver(() => {
    root.style.removeProperty("scroll-padding-top");
    root.style.removeProperty("scroll-padding-bottom");
    footer?.style.removeProperty("padding-bottom");
    if (!region.querySelector("[data-slot=toast]")) return;
    const box = region.getBoundingClientRect();
    if (box.top <= 0) {
      root.style.scrollPaddingTop = `max(${box.bottom}px, calc(var(--header-height) + 1rem))`;
      return;
    }
    const room = innerHeight - box.top;
    root.style.scrollPaddingBottom = `${room}px`;
    if (footer) footer.style.paddingBottom = `${parseFloat(getComputedStyle(footer).paddingBottom) + room}px`;
  }).observe(region);
  toasts.subscribe((items) => {
    if (items.some((item) => item.open) || !region.contains(document.activeElement)) return;
    if (opener instanceof HTMLElement && opener.isConnected && !region.contains(opener)) opener.focus();
  });
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
