/**
 * The live radio player's state machine (docs/decisions.md, "Radio"). Pure: the island dispatches what the listener did, what the
 * <audio> element reported and what the network did; `playerReducer` says what state follows, and
 * `createRadioSession` (below) turns the states into the side effects (open or close the connection, the
 * retry and watchdog timers), so that both are tested without a browser.
 *
 *   idle ─play→ connecting ─playing→ playing ─waiting→ stalled ─playing→ playing
 *   connecting | playing | stalled ─error, ended, or no sound for too long→ reconnecting (after 1, 2, 4 s)
 *   reconnecting ─timer (or `online` after going offline)→ connecting; after the 3rd retry → failed
 *   playing for 30 s without a break → the retries used are forgotten (the outage is over)
 *   any of them ─pause, or the page is left or frozen→ paused; paused | failed | idle ─play (or Retry)→ connecting
 *   failed (the retries used up) ─online→ connecting, with a fresh set of retries
 *   connecting ─play() refused for want of a fresh press→ idle, asking for one
 */
export const DEFAULT_VOLUME = 0.9;
/** Unmuting at volume 0 brings the volume back to this, so that the listener hears something. */
export const UNMUTED_VOLUME = 0.5;
export const PLAY_ERROR = "Unable to start playback. Please try again.";
export const STREAM_ERROR = "Stream temporarily unavailable.";

/** Failed data requests retry 3 times with exponential backoff capped at 30 s: here, the stream. */
export const MAX_RETRIES = 3;
export const RETRY_BASE_MS = 1000;
export const RETRY_CAP_MS = 30_000;
/** Buffering for this long counts as a dropped connection (a proxy or the station stopped sending). */
export const STALL_TIMEOUT_MS = 10_000;
/** A connection that has not started playing after this long is given up and retried. */
export const CONNECT_TIMEOUT_MS = 20_000;
/**
 * Sound for this long without a break ends an outage: the retries used are forgotten, and a later drop has all 3
 * again. Any sound at all would not do: a station restarting in a loop, or a proxy cutting every connection after
 * a few seconds, gives a few seconds of sound per connection, and the player would retry it every second for good.
 * 30 s is the backoff's cap: a connection that lasts as long as the longest wait the rule allows is a working one.
 */
export const SOUND_PROVEN_MS = 30_000;

/** While reconnecting, the status line's "Reconnecting in N s…" counts down in steps of this. */
export const COUNTDOWN_STEP_MS = 1000;

/** The delay before retry `n` (0-based): 1 s, 2 s, 4 s …, never more than 30 s. */
export const retryDelay = (n: number) => Math.min(RETRY_BASE_MS * 2 ** n, RETRY_CAP_MS);

export type Phase = "idle" | "connecting" | "playing" | "stalled" | "reconnecting" | "paused" | "failed";

export interface PlayerState {
  phase: Phase;
  muted: boolean;
  /** 0–1 in steps of 0.01. */
  volume: number;
  error: string | null;
  /** Retries used in the current outage (back to 0 once the stream has played for 30 s without a break). */
  retries: number;
  /** While reconnecting: the wait before the next try, in ms. */
  retryIn: number;
  /** The browser reports no network: a retry waits for `online` (sound coming out says otherwise, and clears it). */
  offline: boolean;
  /** Counts connections, so a late answer about an older one is ignored. */
  attempt: number;
  /** Idle because the browser refused to start without a fresh press (its autoplay rules): the card asks for one. */
  refused: boolean;
}

/**
 * Why starting playback failed, as the island reads it from the rejected play() promise. "refused": the browser
 * wants a fresh press first (a press on Play before the player had loaded is replayed once it has, and iOS
 * Safari, or Chromium after a slow load, no longer counts it as the listener's).
 */
export type PlayFailure = "aborted" | "stream" | "refused" | "failed";

export type PlayerAction =
  /** The listener pressed play, Retry, or the system's play control. */
  | { type: "play" }
  | { type: "play-succeeded"; attempt: number }
  | { type: "play-failed"; attempt: number; cause: PlayFailure }
  /** The listener pressed pause (or the system's pause or stop control). */
  | { type: "pause" }
  /**
   * The page is being left (pagehide: another page, or into the back/forward cache) or frozen: it stops as pause
   * does, or a page kept in the cache would go on downloading the stream with no one to hear it.
   */
  | { type: "page-hidden" }
  | { type: "pause-failed" }
  | { type: "toggle-mute" }
  | { type: "volume"; value?: number | undefined }
  /** The element reports it is rendering audio ("playing"). */
  | { type: "media-playing" }
  /** The element ran out of data and is buffering ("waiting"). */
  | { type: "media-waiting" }
  /** The element paused without the listener pressing pause (the OS, another app taking the audio). */
  | { type: "media-paused" }
  /** The element reported an error, or the live stream ended (the connection dropped). */
  | { type: "stream-error" }
  /** The watchdog: still connecting or buffering after the allowed time. */
  | { type: "timeout"; attempt: number }
  /** Connection `attempt` has played for 30 s without a break (SOUND_PROVEN_MS). */
  | { type: "sound-lasted"; attempt: number }
  /** A second of the backoff has passed (the status line counts down). */
  | { type: "retry-tick" }
  /** The backoff timer ran out. */
  | { type: "retry-due" }
  | { type: "offline" }
  | { type: "online" };

export const initialPlayerState: PlayerState = {
  phase: "idle",
  muted: false,
  volume: DEFAULT_VOLUME,
  error: null,
  retries: 0,
  retryIn: 0,
  offline: false,
  attempt: 0,
  refused: false,
};

/** The phases in which a connection is open (or opening) and the listener wants sound. */
const CONNECTED: readonly Phase[] = ["connecting", "playing", "stalled"];
export const isConnected = (state: PlayerState) => CONNECTED.includes(state.phase);
/** The listener wants sound: connected, or waiting to reconnect. */
export const wantsSound = (state: PlayerState) => isConnected(state) || state.phase === "reconnecting";
/** Failed because the retries ran out (not a play() the browser would not start): the network's return may mend it. */
const gaveUp = (state: PlayerState) => state.phase === "failed" && state.error === STREAM_ERROR;

/** Clamps to 0–1 and rounds to the slider's 0.01 step; no value (or not a number) means the default. */
export function normalizeVolume(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value)) return DEFAULT_VOLUME;
  return Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
}

/** A fresh connection (a live stream never resumes stale buffered audio). */
const connect = (state: PlayerState): PlayerState => ({
  ...state,
  phase: "connecting",
  attempt: state.attempt + 1,
  refused: false,
});

/** Stopped by the listener or by the page going away: the connection is closed and a pending retry cancelled. */
const paused = (state: PlayerState): PlayerState => ({
  ...state,
  phase: "paused",
  error: null,
  retries: 0,
  retryIn: 0,
  refused: false,
});

/** The stream dropped while the listener wanted sound: back off and retry, or give up after the last retry. */
function dropped(state: PlayerState): PlayerState {
  if (!isConnected(state)) return state;
  if (state.retries >= MAX_RETRIES) return { ...state, phase: "failed", error: STREAM_ERROR, retryIn: 0 };
  return { ...state, phase: "reconnecting", retryIn: retryDelay(state.retries), retries: state.retries + 1 };
}

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case "play":
      // The system's play control, sent while the listener already wants sound (a late lock-screen press, a media
      // key), must not drop the live connection for a new one.
      if (wantsSound(state)) return state;
      return connect({ ...state, error: null, retries: 0, retryIn: 0 });
    case "play-succeeded":
      if (action.attempt !== state.attempt || state.phase !== "connecting") return state;
      // Sound proves the network works: a stale offline flag goes. The retries stay until the sound has lasted.
      return { ...state, phase: "playing", error: null, offline: false };
    case "play-failed":
      if (action.attempt !== state.attempt || state.phase !== "connecting") return state;
      if (action.cause === "aborted") return state;
      if (action.cause === "stream") return dropped(state);
      // Nothing is wrong that the listener should be told about: the next press is a fresh gesture, and plays.
      if (action.cause === "refused") return { ...state, phase: "idle", refused: true };
      // Anything else a retry of ours could not mend either; the listener may try again.
      return { ...state, phase: "failed", error: PLAY_ERROR };
    case "pause":
      return paused(state);
    case "page-hidden":
      // Only a player that wants sound changes: one stopped, paused or failed keeps what it says.
      return wantsSound(state) ? paused(state) : state;
    case "pause-failed":
      return { ...state, error: PLAY_ERROR };
    case "toggle-mute":
      // Unmuting at volume 0 would still be silent: it brings back a volume that can be heard.
      if (showsMuted(state))
        return { ...state, muted: false, volume: state.volume > 0 ? state.volume : UNMUTED_VOLUME };
      return { ...state, muted: true };
    case "volume": {
      // Moving the slider while muted (it shows 0) unmutes, at the volume chosen; to 0 it changes nothing more,
      // silent either way.
      const volume = normalizeVolume(action.value);
      return { ...state, volume, muted: volume > 0 ? false : state.muted };
    }
    case "media-playing":
      // Only while connected: a stale event after a pause or a drop must not flip the state back.
      if (!isConnected(state)) return state;
      // As for play-succeeded: the network works, and the retries stay until the sound has lasted.
      return { ...state, phase: "playing", error: null, offline: false };
    case "sound-lasted":
      if (action.attempt !== state.attempt || state.phase !== "playing") return state;
      return { ...state, retries: 0 };
    case "media-waiting":
      return state.phase === "playing" ? { ...state, phase: "stalled" } : state;
    case "media-paused":
      return isConnected(state) ? { ...state, phase: "paused", retries: 0 } : state;
    case "stream-error":
      return dropped(state);
    case "timeout":
      return action.attempt === state.attempt ? dropped(state) : state;
    case "retry-tick":
      if (state.phase !== "reconnecting" || state.offline || state.retryIn <= COUNTDOWN_STEP_MS) return state;
      return { ...state, retryIn: state.retryIn - COUNTDOWN_STEP_MS };
    case "retry-due":
      if (state.phase !== "reconnecting" || state.offline) return state;
      return connect({ ...state, retryIn: 0 });
    case "offline":
      return { ...state, offline: true };
    case "online":
      // Given up while the listener wanted sound: the network's return may be what was missing, so it tries once
      // more, with a fresh set of retries (one round per `online`, never a retry loop of its own).
      if (gaveUp(state)) return connect({ ...state, offline: false, error: null, retries: 0, retryIn: 0 });
      if (!state.offline) return state;
      // A retry that was waiting for the network goes at once.
      return state.phase === "reconnecting"
        ? connect({ ...state, offline: false, retryIn: 0 })
        : { ...state, offline: false };
  }
}

/**
 * While muted the slider shows 0, as the specification has it (the volume is kept: unmuting goes back to it), and its
 * spoken value says "Muted" rather than a 0% that would read as a volume set to nothing.
 */
export const sliderValue = (state: PlayerState) => (state.muted ? 0 : state.volume);
export const sliderText = (state: PlayerState) => (state.muted ? "Muted" : `${Math.round(state.volume * 100)}%`);

/**
 * The mute toggle is pressed (and its icon shows "muted") when muted or when the volume is 0: no sound either way,
 * and pressing it then unmutes, to a volume that can be heard.
 */
export const showsMuted = (state: PlayerState) => state.muted || state.volume === 0;

/** The action the play/pause button offers now: pause while the listener wants sound, play otherwise. */
export const buttonAction = (state: PlayerState): "play" | "pause" => (wantsSound(state) ? "pause" : "play");

/**
 * The card's status line: `text`, announced (politely) to screen readers, and while reconnecting `countdown`, shown
 * after it but not announced (a status region would read every second of it out). Through an outage the announced
 * part stays "Reconnecting", the waits and the new connections alike ("Reconnecting in 2 s…", "Reconnecting…"), so
 * a screen reader says it once, then "Live" or "Unavailable", not "Connecting…" and "Reconnecting" at every retry.
 */
export function statusParts(state: PlayerState): { text: string; countdown: string } {
  const text = (value: string) => ({ text: value, countdown: "" });
  switch (state.phase) {
    case "idle":
      return text(state.refused ? "Press Play to start" : "Stopped");
    case "connecting":
      return state.retries > 0 ? { text: "Reconnecting", countdown: "…" } : text("Connecting…");
    case "playing":
      return text("Live");
    case "stalled":
      return text("Buffering…");
    case "reconnecting":
      return state.offline
        ? text("Offline: waiting…")
        : { text: "Reconnecting", countdown: ` in ${Math.round(state.retryIn / 1000)} s…` };
    case "paused":
      return text("Paused");
    case "failed":
      // Not "Stopped": the listener stopped nothing; the alert beside it says why.
      return text("Unavailable");
  }
}

/**
 * Every text the status line can show, each step of every countdown included: the card reserves the width of the
 * widest, so a change of state (a second of the countdown) never moves the status dot beside it.
 */
export function statusTexts(): { text: string; countdown: string }[] {
  const at = (state: Partial<PlayerState>): PlayerState => ({ ...initialPlayerState, ...state });
  // Reconnecting comes with its countdown, below.
  const phases: Phase[] = ["idle", "connecting", "playing", "stalled", "paused", "failed"];
  const states = [
    ...phases.map((phase) => at({ phase })),
    at({ refused: true }),
    at({ phase: "connecting", retries: 1 }),
    at({ phase: "reconnecting", offline: true }),
    ...Array.from({ length: MAX_RETRIES }, (_, n) =>
      Array.from({ length: retryDelay(n) / COUNTDOWN_STEP_MS }, (_, step) =>
        at({ phase: "reconnecting", retryIn: retryDelay(n) - step * COUNTDOWN_STEP_MS }),
      ),
    ).flat(),
  ];
  const texts = new Map(states.map(statusParts).map((parts) => [parts.text + parts.countdown, parts]));
  return [...texts.values()];
}

/**
 * Reads a rejected play() promise: an interrupted request is no failure; a media error is the stream's; a
 * NotAllowedError without one is the browser asking for a fresh press.
 */
export function classifyPlayError(error: unknown, mediaError: { code: number } | null): PlayFailure {
  if (error instanceof Error && error.name === "AbortError") return "aborted";
  if (mediaError) return "stream";
  if (error instanceof Error && error.name === "NotSupportedError") return "stream";
  if (error instanceof Error && error.name === "NotAllowedError") return "refused";
  return "failed";
}

/** What the session needs from the audio element (the island adapts the real one). */
export interface RadioMedia {
  /** Point the element at the stream, opening a fresh connection, and start playback (play()). */
  start(): Promise<void>;
  /** Stop playback and close the connection, so nothing downloads while no one listens. */
  stop(): void;
  /** The element's current media error, if any (it tells a stream failure from a refused play()). */
  error(): { code: number } | null;
}

export interface RadioSession {
  getState(): PlayerState;
  dispatch(action: PlayerAction): void;
  subscribe(listener: () => void): () => void;
  /** Clears the timers, and ignores whatever is dispatched after (the island unmounts). */
  dispose(): void;
}

/**
 * The state machine with its side effects: every change of state is followed by what it implies (a new
 * connection, closing it, arming or cancelling the retry and watchdog timers), derived from the states
 * alone so that no path can forget one.
 */
export function createRadioSession(media: RadioMedia, initial: PlayerState = initialPlayerState): RadioSession {
  let state = initial;
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerKey = "";
  let disposed = false;

  /**
   * The timer the state calls for: while reconnecting online, the next second of the countdown and then the retry;
   * a watchdog while connecting or buffering; while playing after an outage, the wait until the sound has lasted.
   */
  function wantedTimer(s: PlayerState): [key: string, ms: number, action: PlayerAction] | undefined {
    if (s.phase === "reconnecting" && !s.offline) {
      return s.retryIn > COUNTDOWN_STEP_MS
        ? [`tick:${s.retries}:${s.retryIn}`, COUNTDOWN_STEP_MS, { type: "retry-tick" }]
        : [`retry:${s.retries}`, s.retryIn, { type: "retry-due" }];
    }
    if (s.phase === "connecting")
      return [`connect:${s.attempt}`, CONNECT_TIMEOUT_MS, { type: "timeout", attempt: s.attempt }];
    if (s.phase === "stalled") return [`stall:${s.attempt}`, STALL_TIMEOUT_MS, { type: "timeout", attempt: s.attempt }];
    // Buffering in between replaces it with the watchdog, so the 30 s start again when sound comes back.
    if (s.phase === "playing" && s.retries > 0)
      return [`lasted:${s.attempt}`, SOUND_PROVEN_MS, { type: "sound-lasted", attempt: s.attempt }];
    return undefined;
  }

  function start(attempt: number) {
    let request: Promise<void>;
    try {
      request = media.start();
    } catch (error) {
      request = Promise.reject(error);
    }
    request.then(
      () => dispatch({ type: "play-succeeded", attempt }),
      (error: unknown) => dispatch({ type: "play-failed", attempt, cause: classifyPlayError(error, media.error()) }),
    );
  }

  function dispatch(action: PlayerAction) {
    // After unmount a late play() answer or media control would otherwise open a connection and arm timers.
    if (disposed) return;
    const before = state;
    state = playerReducer(state, action);
    if (state === before) return;
    if (state.attempt !== before.attempt) {
      start(state.attempt);
    } else if (isConnected(before) && !isConnected(state)) {
      try {
        media.stop();
      } catch {
        if (action.type === "pause") state = playerReducer(before, { type: "pause-failed" });
      }
    }
    const wanted = wantedTimer(state);
    if ((wanted?.[0] ?? "") !== timerKey) {
      clearTimeout(timer);
      timerKey = wanted?.[0] ?? "";
      timer = wanted ? setTimeout(() => ((timerKey = ""), dispatch(wanted[2])), wanted[1]) : undefined;
    }
    for (const listener of listeners) listener();
  }

  return {
    getState: () => state,
    dispatch,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      disposed = true;
      clearTimeout(timer);
      timerKey = "";
    },
  };
}
