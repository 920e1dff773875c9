/**
 * "Now playing": the station's current title and listener count, read from the web server's
 * /api/now-playing endpoint (deploy/nginx: it passes on only these two fields of Icecast's status).
 * Polled while the stream plays and the tab is visible; any failure leaves the page's own sentence.
 */
export const NOW_PLAYING_INTERVAL_MS = 15_000;

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

/** The endpoint's answer, or null when it holds no usable title. Accepts nothing but the two fields' types. */
export function parseNowPlaying(body: unknown): NowPlaying | null {
  if (typeof body !== "object" || body === null) return null;
  const { title, listeners } = body as Record<string, unknown>;
  if (typeof title !== "string" || title.trim() === "") return null;
  const count = typeof listeners === "number" && Number.isInteger(listeners) && listeners >= 0 ? listeners : null;
  return { title: title.trim().slice(0, 200), listeners: count };
}

/** "Sunrise Jazz · 12 listening", or the title alone. */
export function nowPlayingText(now: NowPlaying): string {
  return now.listeners === null ? now.title : `${now.title} · ${now.listeners} listening`;
}

export interface NowPlayingPoller {
  /** Poll (at once, then every 15 s) while true; stop while false (paused, stopped, tab hidden). */
  setActive(active: boolean): void;
  dispose(): void;
}

/**
 * Polls `load` while active. A failed request (no endpoint on a static host, the station down) reports
 * null and stops polling until the next activation, so a missing endpoint costs one request per play.
 */
export function createNowPlayingPoller(
  load: () => Promise<unknown>,
  onChange: (now: NowPlaying | null) => void,
  intervalMs = NOW_PLAYING_INTERVAL_MS,
): NowPlayingPoller {
  let active = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;

  async function poll(run: number) {
    let now: NowPlaying | null = null;
    let ok = true;
    try {
      now = parseNowPlaying(await load());
    } catch {
      ok = false;
    }
    if (run !== generation) return; // deactivated meanwhile
    onChange(now);
    if (ok) timer = setTimeout(() => void poll(run), intervalMs);
  }

  return {
    setActive(next) {
      if (next === active) return;
      active = next;
      generation += 1;
      clearTimeout(timer);
      if (active) void poll(generation);
    },
    dispose() {
      active = false;
      generation += 1;
      clearTimeout(timer);
    },
  };
}
