/**
 * "Now playing": the station's current title and listener count, read from the web server's
 * /api/now-playing endpoint (deploy/nginx: it passes on only these two fields of Icecast's status).
 * Polled while the stream plays and the tab is visible. A missing endpoint leaves the page's own sentence at
 * once (and is not asked again until the next play); a failed request only after several in a row, since one lost
 * answer says nothing about the title.
 */
export const NOW_PLAYING_INTERVAL_MS = 15_000;
/** A request without an answer by then is given up: one that hangs must not hold back the polls after it. */
export const NOW_PLAYING_TIMEOUT_MS = 5_000;
/** Failed requests in a row after which the title shown is no longer trusted and the page's sentence returns. */
export const NOW_PLAYING_FAILURES = 3;

/** The endpoint answered with an error status; 404 means there is none (a static host). */
export class NowPlayingStatusError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`now playing: ${status}`);
    this.name = "NowPlayingStatusError";
    this.status = status;
  }
}

export interface NowPlaying {
  title: string;
  /** Listeners counted by the station, when it says. */
  listeners: number | null;
}

/** The endpoint beside the stream: /api/stream?port=8076 → /api/now-playing?port=8076 (same origin, same port). */
export function nowPlayingUrl(streamUrl: string, base: string): string {
  const stream = new URL(streamUrl, base);
  const url = new URL("/api/now-playing", stream);
  const port = stream.searchParams.get("port");
  if (port !== null) url.searchParams.set("port", port);
  return url.origin === new URL(base).origin ? `${url.pathname}${url.search}` : url.href;
}

/**
 * Unicode's invisible format characters (category Cf), such as U+202E, which reverses the text after it (the
 * listener count too), or U+200B: a station's title has no use for them. The zero-width joiner and non-joiner stay:
 * emoji sequences and some scripts (Persian, the Indic ones) need them, and they reorder nothing.
 */
const FORMAT_CHARACTERS = /(?![\u200c\u200d])\p{Cf}/gu;

/** The endpoint's answer, or null when it holds no usable title. Accepts nothing but the two fields' types. */
export function parseNowPlaying(body: unknown): NowPlaying | null {
  if (typeof body !== "object" || body === null) return null;
  const { title: raw, listeners } = body as Record<string, unknown>;
  if (typeof raw !== "string") return null;
  const title = raw.replace(FORMAT_CHARACTERS, "").trim();
  if (title === "") return null;
  const count = typeof listeners === "number" && Number.isSafeInteger(listeners) && listeners >= 0 ? listeners : null;
  return { title: title.slice(0, 200), listeners: count };
}

/**
 * 1204 → "1,204", as en-US writes a whole number (parseNowPlaying lets only a safe whole number through). Not
 * Intl, whose first formatter loads the browser's locale data; nor src/lib/number-format.ts, the calculator's:
 * imported by both islands, it would be a file of its own that each fetches.
 */
const grouped = (count: number) => String(count).replace(/\B(?=(\d{3})+$)/g, ",");

/** "Sunrise Jazz · 1,204 listening", or the title alone. */
export function nowPlayingText(now: NowPlaying): string {
  return now.listeners === null ? now.title : `${now.title} · ${grouped(now.listeners)} listening`;
}

export interface NowPlayingPoller {
  /**
   * Poll (at once, then every 15 s) while true; stop while false (paused, stopped, reconnecting, tab hidden). An
   * endpoint found missing is not asked again, and the failures in a row are still counted, until `reset`.
   */
  setActive(active: boolean): void;
  /** A new play: ask a missing endpoint once more, and count failures from 0. */
  reset(): void;
  dispose(): void;
}

/** Rejects when `signal` aborts, so a request that ignores its signal is given up all the same. */
const aborted = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true }));

/**
 * Polls `load` while active, every `intervalMs` after the last answer; each request is aborted after
 * `timeoutMs` (and when polling stops). A 404 (no endpoint on a static host) reports null and stops polling until
 * `reset` (the next play), so a missing endpoint costs one request per play, however often the tab is hidden and
 * shown. Any other failure (the station down, a timeout, the network) keeps what is shown and polls on; after 3 in
 * a row it reports null. Hiding the tab and showing it again does not set that count back.
 */
export function createNowPlayingPoller(
  load: (signal: AbortSignal) => Promise<unknown>,
  onChange: (now: NowPlaying | null) => void,
  intervalMs = NOW_PLAYING_INTERVAL_MS,
  timeoutMs = NOW_PLAYING_TIMEOUT_MS,
): NowPlayingPoller {
  let active = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;
  let failures = 0;
  let missing = false;
  let request: AbortController | undefined;

  async function poll(run: number) {
    const controller = new AbortController();
    request = controller;
    const deadline = setTimeout(() => controller.abort(), timeoutMs);
    let result: { now: NowPlaying | null } | "missing" | "failed";
    try {
      result = { now: parseNowPlaying(await Promise.race([load(controller.signal), aborted(controller.signal)])) };
    } catch (error) {
      result = error instanceof NowPlayingStatusError && error.status === 404 ? "missing" : "failed";
    } finally {
      clearTimeout(deadline);
    }
    if (run !== generation) return; // deactivated meanwhile
    if (result === "missing") {
      missing = true;
      onChange(null);
      return;
    }
    if (result !== "failed") {
      failures = 0;
      onChange(result.now);
    } else if (++failures >= NOW_PLAYING_FAILURES) {
      onChange(null);
    }
    timer = setTimeout(() => void poll(run), intervalMs);
  }

  function stop() {
    generation += 1;
    clearTimeout(timer);
    request?.abort();
  }

  return {
    setActive(next) {
      if (next === active) return;
      active = next;
      stop();
      if (active && !missing) void poll(generation);
    },
    reset() {
      failures = 0;
      missing = false;
    },
    dispose() {
      active = false;
      stop();
    },
  };
}
