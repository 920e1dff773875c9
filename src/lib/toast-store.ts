/**
 * The notification store (docs/decisions.md, "Notifications"): the site's one store, which the subscribe form's
 * outcome notifications go through (src/browser/notify.ts). Plain TypeScript: no React, no DOM.
 * The rules, and the notification's fields (an optional action, a variant) whether or not a notification uses
 * them today: newest first, at most TOAST_LIMIT kept, dismissing sets open = false (no id dismisses all), and a
 * dismissed notification is removed after TOAST_REMOVE_DELAY ms (1,000,000: a closed one stays in the list for
 * its exit, and a new one replaces it sooner anyway).
 */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = "default" | "destructive";

export interface Toast {
  id: string;
  title?: string;
  description?: string;
  action?: { label: string; href: string };
  open: boolean;
  variant: ToastVariant;
}

export type ToastInput = Omit<Toast, "id" | "open" | "variant"> & { variant?: ToastVariant };

export type ToastAction =
  | { type: "add"; toast: Toast }
  | { type: "update"; toast: Partial<Toast> & { id: string } }
  | { type: "dismiss"; id?: string }
  | { type: "remove"; id?: string };

/** Pure state transition for the notification list. */
export function toastReducer(state: readonly Toast[], action: ToastAction): Toast[] {
  switch (action.type) {
    case "add":
      return [action.toast, ...state].slice(0, TOAST_LIMIT);
    case "update":
      return state.map((toast) => (toast.id === action.toast.id ? { ...toast, ...action.toast } : toast));
    case "dismiss":
      return state.map((toast) =>
        action.id === undefined || toast.id === action.id ? { ...toast, open: false } : toast,
      );
    case "remove":
      return action.id === undefined ? [] : state.filter((toast) => toast.id !== action.id);
  }
}

type Listener = (toasts: Toast[]) => void;

interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
}

/** Creates a store; the app uses the shared one below, tests make their own with fake timers. */
export function createToastStore(timers: Timers = globalThis as unknown as Timers) {
  let state: Toast[] = [];
  let counter = 0;
  const listeners = new Set<Listener>();
  const removals = new Map<string, unknown>();

  const dispatch = (action: ToastAction) => {
    state = toastReducer(state, action);
    for (const listener of listeners) listener(state);
  };

  const scheduleRemoval = (id: string) => {
    if (removals.has(id)) return;
    const handle = timers.setTimeout(() => {
      removals.delete(id);
      dispatch({ type: "remove", id });
    }, TOAST_REMOVE_DELAY);
    removals.set(id, handle);
  };

  const dismiss = (id?: string) => {
    for (const toast of state) if (id === undefined || toast.id === id) scheduleRemoval(toast.id);
    dispatch({ type: "dismiss", ...(id === undefined ? {} : { id }) });
  };

  const toast = (input: ToastInput) => {
    counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
    const id = String(counter);
    dispatch({ type: "add", toast: { ...input, id, open: true, variant: input.variant ?? "default" } });
    return {
      id,
      dismiss: () => dismiss(id),
      update: (next: Partial<ToastInput>) => dispatch({ type: "update", toast: { ...next, id } }),
    };
  };

  return {
    toast,
    dismiss,
    getState: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The site's one store. */
export const toasts = createToastStore();
