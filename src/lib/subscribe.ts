/**
 * The subscribe form's background submission (docs/decisions.md, "Subscribe form"): one request at a time,
 * a 10 s time limit, and a plain reading of the endpoint's answer. Nothing is
 * reported as subscribed unless the endpoint answered with success.
 */
import type { ToastInput } from "./toast-store";

export const SUBSCRIBE_TIMEOUT = 10_000;

export type SubscribeOutcome =
  { ok: true } | { ok: false; reason: "timeout" | "network" | "unavailable" | "rejected" | "busy"; status?: number };

interface Answer {
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  json(): Promise<unknown>;
}

export interface SubscribeDeps {
  fetch: (url: string, init: RequestInit) => Promise<Answer>;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
}

/** A JSON body that says the request failed even though the status is 2xx. */
function bodyRefuses(body: unknown): boolean {
  if (!body || typeof body !== "object") return false;
  const record = body as Record<string, unknown>;
  return record["success"] === false || record["ok"] === false || record["status"] === "error" || !!record["error"];
}

/** Reads the endpoint's answer: 2xx (and no JSON body saying otherwise) is success. */
export function interpretResponse(status: number, body?: unknown): SubscribeOutcome {
  if (status >= 200 && status < 300)
    return bodyRefuses(body) ? { ok: false, reason: "rejected", status } : { ok: true };
  if (status === 429) return { ok: false, reason: "busy", status };
  if (status >= 400 && status < 500) return { ok: false, reason: "rejected", status };
  return { ok: false, reason: "unavailable", status };
}

/** The notification for an outcome: default on success, destructive on any failure. */
export function outcomeToast(outcome: SubscribeOutcome, email: string): ToastInput {
  if (outcome.ok) return { title: "Subscribed", description: `The newsletter service accepted ${email}.` };
  const description = {
    timeout: `The newsletter service did not answer within ${SUBSCRIBE_TIMEOUT / 1000} seconds. Please try again.`,
    network: "We could not reach the newsletter service. Check your connection and try again.",
    unavailable: "The newsletter service is unavailable right now. Please try again later.",
    rejected: "The newsletter service did not accept this address. Check it and try again.",
    busy: "Too many attempts. Please wait a moment and try again.",
  }[outcome.reason];
  const title = outcome.reason === "timeout" ? "Subscription timed out" : "Subscription failed";
  return { title, description, variant: "destructive" };
}

/** Posts an email the way the plain form would (urlencoded field `email`), never two at once. */
export function createSubscriber(deps: SubscribeDeps = globalThis as unknown as SubscribeDeps) {
  let sending = false;
  return {
    get sending() {
      return sending;
    },
    /** Resolves with the outcome, or null when a submission is already under way (nothing is sent). */
    async submit(endpoint: string, email: string): Promise<SubscribeOutcome | null> {
      if (sending) return null;
      sending = true;
      const controller = new AbortController();
      let timedOut = false;
      const timer = deps.setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, SUBSCRIBE_TIMEOUT);
      try {
        const response = await deps.fetch(endpoint, {
          method: "POST",
          body: new URLSearchParams({ email }),
          headers: { Accept: "application/json" },
          credentials: "omit",
          signal: controller.signal,
        });
        const json = /json/i.test(response.headers.get("content-type") ?? "");
        const body = json ? await response.json().catch(() => undefined) : undefined;
        if (timedOut) return { ok: false, reason: "timeout" };
        return interpretResponse(response.status, body);
      } catch {
        return { ok: false, reason: timedOut ? "timeout" : "network" };
      } finally {
        deps.clearTimeout(timer as never);
        sending = false;
      }
    },
  };
}
