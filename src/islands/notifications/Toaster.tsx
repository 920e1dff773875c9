import { useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";
import { withErrorBoundary } from "../../components/ui/error-boundary";
import type { ToastStore } from "../../lib/toast-store";
import { cn } from "../../components/ui/cn";
import { CloseIcon } from "../../components/ui/close-icon";

/**
 * Renders the store's notifications (docs/decisions.md, "Notifications") into #toast-region, a polite live
 * region that is in the page from the start, so each new one is announced:
 * role="status" for the default variant, role="alert" for the destructive one.
 * Mounted on the first notification only.
 */
function ToasterInner({ store }: { store: ToastStore }) {
  const items = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return (
    <div className="flex flex-col gap-2">
      {items
        .filter((item) => item.open)
        .map((item) => (
          <div
            key={item.id}
            role={item.variant === "destructive" ? "alert" : "status"}
            data-slot="toast"
            data-variant={item.variant}
            className={cn(
              "pointer-events-auto relative w-full border-2 p-4 pr-12 font-sans text-sm wrap-break-word [box-shadow:0_8px_24px_rgb(0_0_0/0.18)]",
              "transition-[opacity,translate] duration-200 starting:translate-y-2 starting:opacity-0",
              item.variant === "destructive" ? "border-down bg-down text-paper" : "border-ink bg-paper text-ink",
            )}
          >
            {item.title && <p className="font-bold">{item.title}</p>}
            {item.description && <p className="mt-1 leading-snug">{item.description}</p>}
            {item.action && (
              <a href={item.action.href} className="mt-2 inline-block font-semibold text-inherit">
                {item.action.label}
              </a>
            )}
            <button
              type="button"
              aria-label="Dismiss notification"
              onClick={() => store.dismiss(item.id)}
              className="absolute top-2 right-2 inline-flex size-9 items-center justify-center opacity-80 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-current"
            >
              <CloseIcon className="size-4" />
            </button>
          </div>
        ))}
    </div>
  );
}

export const Toaster = withErrorBoundary(ToasterInner);

export function mountToaster(container: HTMLElement, store: ToastStore) {
  createRoot(container).render(<Toaster store={store} />);
}
