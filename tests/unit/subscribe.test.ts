import { describe, expect, test } from "vitest";
import {
  SUBSCRIBE_TIMEOUT,
  createSubscriber,
  interpretResponse,
  outcomeToast,
  type SubscribeDeps,
} from "../../src/lib/subscribe";

const ENDPOINT = "https://newsletter.example.com/subscribe";

/** A hand-driven clock, so the 10 s limit is exact. */
function fakeTimers() {
  let now = 0;
  const pending = new Map<number, { at: number; run: () => void }>();
  let next = 0;
  return {
    setTimeout: (run: () => void, ms: number) => {
      pending.set(++next, { at: now + ms, run });
      return next;
    },
    clearTimeout: (handle: number) => void pending.delete(handle),
    advance(ms: number) {
      now += ms;
      for (const [handle, timer] of pending) {
        if (timer.at > now) continue;
        pending.delete(handle);
        timer.run();
      }
    },
    get pending() {
      return pending.size;
    },
  };
}

interface Call {
  url: string;
  init: RequestInit;
}

/** A fetch that answers each call with `answer`, or never (until aborted) when answer is "hang". */
function fakeFetch(answer: { status: number; json?: unknown } | "hang" | "offline") {
  const calls: Call[] = [];
  const fetch = (url: string, init: RequestInit) => {
    calls.push({ url, init });
    if (answer === "offline") return Promise.reject(new TypeError("Failed to fetch"));
    if (answer === "hang") {
      return new Promise<never>((_, reject) =>
        init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
      );
    }
    const { status, json } = answer;
    return Promise.resolve({
      ok: status >= 200 && status < 300,
      status,
      headers: { get: (name: string) => (name === "content-type" && json !== undefined ? "application/json" : null) },
      json: () => Promise.resolve(json),
    });
  };
  return { fetch, calls };
}

function setup(answer: Parameters<typeof fakeFetch>[0]) {
  const timers = fakeTimers();
  const { fetch, calls } = fakeFetch(answer);
  const deps = { fetch, setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout } as unknown as SubscribeDeps;
  return { subscriber: createSubscriber(deps), timers, calls };
}

describe("interpretResponse", () => {
  test("returns success for a 2xx answer with no body or a body that does not refuse", () => {
    expect(interpretResponse(200)).toEqual({ ok: true });
    expect(interpretResponse(201, { success: true })).toEqual({ ok: true });
    expect(interpretResponse(204, "thanks")).toEqual({ ok: true });
  });

  test("returns rejected for a 2xx answer whose JSON body says it failed", () => {
    for (const body of [{ success: false }, { ok: false }, { status: "error" }, { error: "invalid email" }]) {
      expect(interpretResponse(200, body)).toEqual({ ok: false, reason: "rejected", status: 200 });
    }
  });

  test("returns rejected for a 4xx answer, busy for 429 and unavailable for 5xx or anything else", () => {
    expect(interpretResponse(400)).toMatchObject({ ok: false, reason: "rejected" });
    expect(interpretResponse(422)).toMatchObject({ ok: false, reason: "rejected" });
    expect(interpretResponse(429)).toMatchObject({ ok: false, reason: "busy" });
    expect(interpretResponse(503)).toMatchObject({ ok: false, reason: "unavailable", status: 503 });
    expect(interpretResponse(302)).toMatchObject({ ok: false, reason: "unavailable" });
  });
});

describe("outcomeToast", () => {
  test("returns a default notification naming the address on success", () => {
    const toast = outcomeToast({ ok: true }, "reader@example.com");
    expect(toast.variant).toBeUndefined();
    expect(toast.title).toBe("Subscribed");
    expect(toast.description).toContain("reader@example.com");
  });

  test("returns a destructive notification for every failure, saying why", () => {
    const reasons = ["timeout", "network", "unavailable", "rejected", "busy"] as const;
    const descriptions = new Set<string>();
    for (const reason of reasons) {
      const toast = outcomeToast({ ok: false, reason }, "reader@example.com");
      expect(toast.variant).toBe("destructive");
      descriptions.add(toast.description ?? "");
    }
    expect(descriptions.size).toBe(reasons.length);
    expect(outcomeToast({ ok: false, reason: "timeout" }, "x@example.com").title).toBe("Subscription timed out");
  });
});

describe("createSubscriber", () => {
  test("posts the email urlencoded to the endpoint without credentials and reports success", async () => {
    const { subscriber, calls } = setup({ status: 200 });
    await expect(subscriber.submit(ENDPOINT, "reader@example.com")).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(ENDPOINT);
    expect(calls[0]?.init.method).toBe("POST");
    expect(calls[0]?.init.credentials).toBe("omit");
    expect(String(calls[0]?.init.body)).toBe("email=reader%40example.com");
  });

  test("reads a JSON body that refuses the address as a failure", async () => {
    const { subscriber } = setup({ status: 200, json: { success: false } });
    await expect(subscriber.submit(ENDPOINT, "a@example.com")).resolves.toMatchObject({ reason: "rejected" });
  });

  test("reports an HTTP error as a failure", async () => {
    const { subscriber } = setup({ status: 500 });
    await expect(subscriber.submit(ENDPOINT, "a@example.com")).resolves.toMatchObject({ ok: false, status: 500 });
  });

  test("reports a network failure", async () => {
    const { subscriber } = setup("offline");
    await expect(subscriber.submit(ENDPOINT, "a@example.com")).resolves.toEqual({ ok: false, reason: "network" });
  });

  test("gives up with a timeout after 10 s, not before", async () => {
    const { subscriber, timers } = setup("hang");
    const result = subscriber.submit(ENDPOINT, "a@example.com");
    let settled = false;
    void result.then(() => (settled = true));
    timers.advance(SUBSCRIBE_TIMEOUT - 1);
    await Promise.resolve();
    expect(settled).toBe(false);
    timers.advance(1);
    await expect(result).resolves.toEqual({ ok: false, reason: "timeout" });
    expect(SUBSCRIBE_TIMEOUT).toBe(10_000);
  });

  test("never sends a second request while one is under way, and allows one after", async () => {
    const { subscriber, calls } = setup({ status: 200 });
    const first = subscriber.submit(ENDPOINT, "a@example.com");
    expect(subscriber.sending).toBe(true);
    await expect(subscriber.submit(ENDPOINT, "a@example.com")).resolves.toBeNull();
    await first;
    expect(subscriber.sending).toBe(false);
    expect(calls).toHaveLength(1);
    await subscriber.submit(ENDPOINT, "b@example.com");
    expect(calls).toHaveLength(2);
  });

  test("clears its timer once the endpoint answers", async () => {
    const { subscriber, timers } = setup({ status: 200 });
    await subscriber.submit(ENDPOINT, "a@example.com");
    expect(timers.pending).toBe(0);
  });
});
