import { describe, expect, test } from "vitest";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY, createToastStore, toastReducer, type Toast } from "../../src/lib/toast-store";

const make = (id: string, extra: Partial<Toast> = {}): Toast => ({ id, open: true, variant: "default", ...extra });

/** A hand-driven clock so removal timing is exact. */
function fakeTimers() {
  let now = 0;
  const pending: { at: number; run: () => void }[] = [];
  return {
    setTimeout: (run: () => void, ms: number) => pending.push({ at: now + ms, run }),
    clearTimeout: () => {},
    advance(ms: number) {
      now += ms;
      for (const timer of pending.filter((t) => t.at <= now)) {
        pending.splice(pending.indexOf(timer), 1);
        timer.run();
      }
    },
  };
}

describe("toastReducer", () => {
  test("puts a new notification first and keeps at most TOAST_LIMIT", () => {
    expect(TOAST_LIMIT).toBe(1);
    const state = toastReducer([make("1")], { type: "add", toast: make("2") });
    expect(state.map((t) => t.id)).toEqual(["2"]);
  });

  test("dismisses one notification by id, or all without an id", () => {
    const state = [make("1"), make("2")];
    expect(toastReducer(state, { type: "dismiss", id: "2" }).map((t) => t.open)).toEqual([true, false]);
    expect(toastReducer(state, { type: "dismiss" }).every((t) => !t.open)).toBe(true);
  });

  test("updates only the notification with the given id", () => {
    const state = toastReducer([make("1", { title: "a" })], { type: "update", toast: { id: "1", title: "b" } });
    expect(state[0]?.title).toBe("b");
  });

  test("removes by id, or everything without an id", () => {
    expect(toastReducer([make("1")], { type: "remove", id: "1" })).toEqual([]);
    expect(toastReducer([make("1"), make("2")], { type: "remove" })).toEqual([]);
  });
});

describe("createToastStore", () => {
  test("gives each notification an increasing id and the default variant", () => {
    const store = createToastStore(fakeTimers());
    const first = store.toast({ title: "one" });
    expect(store.getState()).toEqual([{ id: first.id, title: "one", open: true, variant: "default" }]);
    const second = store.toast({ title: "two", variant: "destructive" });
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));
    expect(store.getState()).toEqual([{ id: second.id, title: "two", open: true, variant: "destructive" }]);
  });

  test("removes a dismissed notification after 1,000,000 ms, not before", () => {
    const timers = fakeTimers();
    const store = createToastStore(timers);
    const { dismiss } = store.toast({ title: "hello" });
    dismiss();
    expect(store.getState()[0]?.open).toBe(false);
    timers.advance(TOAST_REMOVE_DELAY - 1);
    expect(store.getState()).toHaveLength(1);
    timers.advance(1);
    expect(store.getState()).toHaveLength(0);
  });

  test("notifies subscribers of every change until they unsubscribe", () => {
    const store = createToastStore(fakeTimers());
    const seen: number[] = [];
    const unsubscribe = store.subscribe((state) => seen.push(state.length));
    store.toast({ title: "a" });
    unsubscribe();
    store.toast({ title: "b" });
    expect(seen).toEqual([1]);
  });
});
