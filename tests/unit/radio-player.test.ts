import { describe, expect, test } from "vitest";
import {
  DEFAULT_VOLUME,
  PLAY_ERROR,
  STREAM_ERROR,
  buttonAction,
  classifyPlayError,
  initialPlayerState,
  normalizeVolume,
  playerReducer,
  showsMuted,
  sliderValue,
  type PlayerAction,
  type PlayerState,
} from "../../src/lib/radio-player";

const run = (state: PlayerState, ...actions: PlayerAction[]) => actions.reduce(playerReducer, state);
const named = (name: string) => Object.assign(new Error(name), { name });

/** The state after play was pressed once and the stream started. */
const playing = () => run(initialPlayerState, { type: "play" }, { type: "play-succeeded", attempt: 1 });

describe("initialPlayerState", () => {
  test("starts stopped, unmuted, at volume 0.9, without an error or a connection to renew", () => {
    expect(initialPlayerState).toEqual({
      playing: false,
      loading: false,
      muted: false,
      volume: 0.9,
      error: null,
      reconnect: false,
      attempt: 0,
    });
    expect(DEFAULT_VOLUME).toBe(0.9);
  });
});

describe("playerReducer: play", () => {
  test("marks the player loading, clears the error and counts the attempt when play is pressed", () => {
    const state = run({ ...initialPlayerState, error: STREAM_ERROR, reconnect: true }, { type: "play" });
    expect(state).toMatchObject({ playing: false, loading: true, error: null, reconnect: false, attempt: 1 });
  });

  test("plays and clears the error when playback starts", () => {
    expect(playing()).toMatchObject({ playing: true, loading: false, error: null });
  });

  test("ignores the answer to an older play press", () => {
    const state = run(initialPlayerState, { type: "play" }, { type: "pause" }, { type: "play" });
    expect(run(state, { type: "play-succeeded", attempt: 1 })).toBe(state);
    expect(run(state, { type: "play-failed", attempt: 1, cause: "failed" })).toBe(state);
  });

  test("ignores a success that arrives after the listener pressed pause", () => {
    const state = run(initialPlayerState, { type: "play" }, { type: "pause" });
    expect(run(state, { type: "play-succeeded", attempt: 1 })).toBe(state);
  });

  test('shows "Unable to start playback. Please try again." when starting throws', () => {
    const state = run(initialPlayerState, { type: "play" }, { type: "play-failed", attempt: 1, cause: "failed" });
    expect(state).toMatchObject({ playing: false, loading: false, error: PLAY_ERROR, reconnect: true });
    expect(PLAY_ERROR).toBe("Unable to start playback. Please try again.");
  });

  test('shows "Stream temporarily unavailable." when starting fails because of the stream', () => {
    const state = run(initialPlayerState, { type: "play" }, { type: "play-failed", attempt: 1, cause: "stream" });
    expect(state.error).toBe(STREAM_ERROR);
  });

  test("keeps the stream error when the element reported it before play() rejected", () => {
    const state = run(
      initialPlayerState,
      { type: "play" },
      { type: "stream-error" },
      { type: "play-failed", attempt: 1, cause: "failed" },
    );
    expect(state.error).toBe(STREAM_ERROR);
  });

  test("stops loading without an error when the play request was interrupted", () => {
    const state = run(initialPlayerState, { type: "play" }, { type: "play-failed", attempt: 1, cause: "aborted" });
    expect(state).toMatchObject({ playing: false, loading: false, error: null });
  });
});

describe("playerReducer: pause", () => {
  test("stops, clears the error and asks for a fresh connection next time", () => {
    const state = run({ ...playing(), error: PLAY_ERROR }, { type: "pause" });
    expect(state).toMatchObject({ playing: false, loading: false, error: null, reconnect: true });
  });

  test("cancels a connection in progress", () => {
    expect(run(initialPlayerState, { type: "play" }, { type: "pause" })).toMatchObject({
      playing: false,
      loading: false,
    });
  });

  test("shows the playback error and keeps playing when pausing throws", () => {
    expect(run(playing(), { type: "pause-failed" })).toMatchObject({ playing: true, error: PLAY_ERROR });
  });
});

describe("playerReducer: mute and volume", () => {
  test("flips muted on each toggle", () => {
    const once = run(initialPlayerState, { type: "toggle-mute" });
    expect(once.muted).toBe(true);
    expect(run(once, { type: "toggle-mute" }).muted).toBe(false);
  });

  test("sets the volume from the slider", () => {
    expect(run(initialPlayerState, { type: "volume", value: 0.35 }).volume).toBe(0.35);
  });

  test("uses 0.9 when the slider gives no value", () => {
    const quiet = run(initialPlayerState, { type: "volume", value: 0.2 });
    expect(run(quiet, { type: "volume" }).volume).toBe(0.9);
    expect(run(quiet, { type: "volume", value: undefined }).volume).toBe(0.9);
  });

  test("unmutes when the volume is raised above 0 while muted", () => {
    const muted = run(initialPlayerState, { type: "toggle-mute" });
    expect(run(muted, { type: "volume", value: 0.5 })).toMatchObject({ muted: false, volume: 0.5 });
  });

  test("stays muted when the volume is set to 0 while muted", () => {
    const muted = run(initialPlayerState, { type: "toggle-mute" });
    expect(run(muted, { type: "volume", value: 0 })).toMatchObject({ muted: true, volume: 0 });
  });

  test("does not mute when the volume is set to 0 while unmuted", () => {
    expect(run(initialPlayerState, { type: "volume", value: 0 }).muted).toBe(false);
  });
});

describe("normalizeVolume", () => {
  test("returns 0.9 for no value or a value that is not a number", () => {
    expect(normalizeVolume(undefined)).toBe(0.9);
    expect(normalizeVolume(Number.NaN)).toBe(0.9);
  });

  test("clamps to 0–1 and rounds to steps of 0.01", () => {
    expect(normalizeVolume(-0.5)).toBe(0);
    expect(normalizeVolume(1.7)).toBe(1);
    expect(normalizeVolume(0.456)).toBe(0.46);
    expect(normalizeVolume(0.1 + 0.2)).toBe(0.3);
  });
});

describe("playerReducer: media element events", () => {
  test("marks playing and stops loading when audio starts coming out", () => {
    const state = run(initialPlayerState, { type: "play" }, { type: "media-playing" });
    expect(state).toMatchObject({ playing: true, loading: false, error: null });
  });

  test("ignores a late playing event after the listener paused", () => {
    const paused = run(playing(), { type: "pause" });
    expect(run(paused, { type: "media-playing" })).toBe(paused);
  });

  test("shows loading while a playing stream buffers, and not while stopped", () => {
    expect(run(playing(), { type: "media-waiting" })).toMatchObject({ playing: true, loading: true });
    expect(run(initialPlayerState, { type: "media-waiting" })).toBe(initialPlayerState);
  });

  test("stops when the element pauses on its own, and asks for a fresh connection", () => {
    expect(run(playing(), { type: "media-paused" })).toMatchObject({ playing: false, reconnect: true });
  });

  test("ignores the element's pause event that follows the listener's own pause", () => {
    const paused = run(playing(), { type: "pause" });
    expect(run(paused, { type: "media-paused" })).toBe(paused);
  });

  test('shows "Stream temporarily unavailable." and stops when the stream reports an error', () => {
    const state = run(playing(), { type: "stream-error" });
    expect(state).toMatchObject({ playing: false, loading: false, error: STREAM_ERROR, reconnect: true });
    expect(STREAM_ERROR).toBe("Stream temporarily unavailable.");
  });

  test("retries from a fresh connection: play after a stream error clears it and succeeds", () => {
    const failed = run(playing(), { type: "stream-error" });
    const retry = run(failed, { type: "play" });
    expect(failed.reconnect).toBe(true);
    expect(retry).toMatchObject({ loading: true, error: null, reconnect: false, attempt: 2 });
    expect(run(retry, { type: "play-succeeded", attempt: 2 })).toMatchObject({ playing: true, error: null });
  });
});

describe("sliderValue", () => {
  test("shows the volume, or 0 while muted", () => {
    expect(sliderValue(initialPlayerState)).toBe(0.9);
    expect(sliderValue({ ...initialPlayerState, muted: true })).toBe(0);
  });
});

describe("showsMuted", () => {
  test("is true when muted or when the volume is 0, false otherwise", () => {
    expect(showsMuted(initialPlayerState)).toBe(false);
    expect(showsMuted({ ...initialPlayerState, muted: true })).toBe(true);
    expect(showsMuted({ ...initialPlayerState, volume: 0 })).toBe(true);
  });
});

describe("buttonAction", () => {
  test("offers play when stopped and pause when playing or connecting", () => {
    expect(buttonAction(initialPlayerState)).toBe("play");
    expect(buttonAction(playing())).toBe("pause");
    expect(buttonAction(run(initialPlayerState, { type: "play" }))).toBe("pause");
  });
});

describe("classifyPlayError", () => {
  test("reads an interrupted play request as aborted", () => {
    expect(classifyPlayError(named("AbortError"), null)).toBe("aborted");
  });

  test("blames the stream when the element holds a media error or has no playable source", () => {
    expect(classifyPlayError(named("NotAllowedError"), { code: 4 })).toBe("stream");
    expect(classifyPlayError(named("NotSupportedError"), null)).toBe("stream");
  });

  test("reads any other failure, such as blocked autoplay, as a playback failure", () => {
    expect(classifyPlayError(named("NotAllowedError"), null)).toBe("failed");
    expect(classifyPlayError("weird", null)).toBe("failed");
  });
});
