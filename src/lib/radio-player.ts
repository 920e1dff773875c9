/**
 * The live radio player's state machine (docs/decisions.md, "Radio"). Pure:
 * the island dispatches what the listener did and what the <audio> element
 * reported, and reads the display rules from the selectors below.
 */
export const DEFAULT_VOLUME = 0.9;
export const PLAY_ERROR = "Unable to start playback. Please try again.";
export const STREAM_ERROR = "Stream temporarily unavailable.";

export interface PlayerState {
  /** Audio is coming out. */
  playing: boolean;
  /** Play was pressed and the stream is connecting or buffering (the card shows it as loading). */
  loading: boolean;
  muted: boolean;
  /** 0–1 in steps of 0.01. */
  volume: number;
  error: string | null;
  /** The next play must open a fresh connection: a live stream never resumes stale buffered audio. */
  reconnect: boolean;
  /** Counts play presses, so a late answer to an older press is ignored. */
  attempt: number;
}

/** Why starting playback failed, as the island reads it from the rejected play() promise. */
export type PlayFailure = "aborted" | "stream" | "failed";

export type PlayerAction =
  | { type: "play" }
  | { type: "play-succeeded"; attempt: number }
  | { type: "play-failed"; attempt: number; cause: PlayFailure }
  | { type: "pause" }
  | { type: "pause-failed" }
  | { type: "toggle-mute" }
  | { type: "volume"; value?: number | undefined }
  /** The element reports it is rendering audio ("playing"). */
  | { type: "media-playing" }
  /** The element ran out of data and is buffering ("waiting"). */
  | { type: "media-waiting" }
  /** The element paused without the listener pressing pause (media keys, the OS). */
  | { type: "media-paused" }
  /** The element reported an error, or the live stream ended (the connection dropped). */
  | { type: "stream-error" };

export const initialPlayerState: PlayerState = {
  playing: false,
  loading: false,
  muted: false,
  volume: DEFAULT_VOLUME,
  error: null,
  reconnect: false,
  attempt: 0,
};

/** Clamps to 0–1 and rounds to the slider's 0.01 step; no value (or not a number) means the default. */
export function normalizeVolume(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value)) return DEFAULT_VOLUME;
  return Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
}

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case "play":
      return { ...state, loading: true, error: null, reconnect: false, attempt: state.attempt + 1 };
    case "play-succeeded":
      if (action.attempt !== state.attempt || !state.loading) return state;
      return { ...state, playing: true, loading: false, error: null };
    case "play-failed":
      if (action.attempt !== state.attempt) return state;
      if (action.cause === "aborted") return { ...state, loading: false };
      return {
        ...state,
        playing: false,
        loading: false,
        reconnect: true,
        // The element's own error event usually comes first and names the real cause.
        error: action.cause === "stream" || state.error === STREAM_ERROR ? STREAM_ERROR : PLAY_ERROR,
      };
    case "pause":
      return { ...state, playing: false, loading: false, error: null, reconnect: true };
    case "pause-failed":
      return { ...state, error: PLAY_ERROR };
    case "toggle-mute":
      return { ...state, muted: !state.muted };
    case "volume": {
      const volume = normalizeVolume(action.value);
      return { ...state, volume, muted: volume > 0 ? false : state.muted };
    }
    case "media-playing":
      // Only while the listener wants sound: a stale event after pause must not flip the state back.
      if (!state.loading && !state.playing) return state;
      return { ...state, playing: true, loading: false, error: null };
    case "media-waiting":
      return state.playing ? { ...state, loading: true } : state;
    case "media-paused":
      if (!state.playing && !state.loading) return state;
      return { ...state, playing: false, loading: false, reconnect: true };
    case "stream-error":
      return { ...state, playing: false, loading: false, error: STREAM_ERROR, reconnect: true };
  }
}

/** The slider shows 0 while muted. */
export const sliderValue = (state: PlayerState) => (state.muted ? 0 : state.volume);

/** The mute toggle shows "muted" when muted or when the volume is 0. */
export const showsMuted = (state: PlayerState) => state.muted || state.volume === 0;

/** The action the play/pause button offers now: pause while playing or connecting, play otherwise. */
export const buttonAction = (state: PlayerState): "play" | "pause" =>
  state.playing || state.loading ? "pause" : "play";

/** Reads a rejected play() promise: an interrupted request is no failure; a media error is the stream's. */
export function classifyPlayError(error: unknown, mediaError: { code: number } | null): PlayFailure {
  if (error instanceof Error && error.name === "AbortError") return "aborted";
  if (mediaError) return "stream";
  if (error instanceof Error && error.name === "NotSupportedError") return "stream";
  return "failed";
}
