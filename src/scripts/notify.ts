/** Raises a notification; the Toaster (and React) load with the first one. */
import { toasts, type ToastInput } from "../lib/toast-store";

let mounted: Promise<void> | undefined;

export function notify(input: ToastInput) {
  const region = document.getElementById("toast-region");
  if (region && !mounted) {
    mounted = import("../islands/Toaster").then(({ mountToaster }) => mountToaster(region, toasts));
  }
  return toasts.toast(input);
}
