import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  CONNECT_TIMEOUT_MS,
  DEFAULT_VOLUME,
  MAX_RETRIES,
  PLAY_ERROR,
  SOUND_PROVEN_MS,
  STALL_TIMEOUT_MS,
  STREAM_ERROR,
  UNMUTED_VOLUME,
  buttonAction,
  classifyPlayError,
  createRadioSession,
  initialPlayerState,
  normalizeVolume,
  playerReducer,
  retryDelay,
  showsMuted,
  sliderText,
  sliderValue,
  statusParts,
  statusTexts,
  type PlayerAction,
  type PlayerState,
  type RadioMedia,
} from "../../src/lib/radio-player";

/** The status line as the card shows it: the announced text, then the countdown that is shown but not announced. */
const statusText = (state: Parameters<typeof statusParts>[0]) => {
  const { text, countdown } = statusParts(state);
  return text + countdown;
};

const run = (state: PlayerState, ...actions: PlayerAction[]) => actions.reduce(playerReducer, state);
const named = (name: string) => Object.assign(new Error(name), { name });
const playing = () => run(initialPlayerState, { type: "play" }, { type: "play-succeeded", attempt: 1 });

describe("the retry constants", () => {
  test("3 retries, delays doubling from 1 s, capped at 30 s", () => {
    expect(MAX_RETRIES).toBe(3);
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe("initialPlayerState", () => {
  test("starts idle, unmuted, at volume 0.9, without an error", () => {
    expect(initialPlayerState).toMatchObject({ phase: "idle", muted: false, volume: 0.9, error: null, retries: 0 });
    expect(DEFAULT_VOLUME).toBe(0.9);
    expect(statusText(initialPlayerState)).toBe("Stopped");
    expect(buttonAction(initialPlayerState)).toBe("play");
  });
});

describe("playerReducer: the listener", () => {
  test("play connects, clears the error and the retries, and counts the connection", () => {
    const state = run({ ...initialPlayerState, phase: "failed", error: STREAM_ERROR, retries: 3 }, { type: "play" });
    expect(state).toMatchObject({ phase: "connecting", error: null, retries: 0, attempt: 1 });
    expect(statusText(state)).toBe("Connecting…");
    expect(buttonAction(state)).toBe("pause");
  });

  test("play while the listener already wants sound (the system's play control) changes nothing", () => {
    const live = playing();
    const states = [
      run(initialPlayerState, { type: "play" }),
      live,
      run(live, { type: "media-waiting" }),
      run(live, { type: "stream-error" }),
    ];
    for (const state of states) expect(run(state, { type: "play" }), state.phase).toBe(state);
  });

  test("a successful play() is Live", () => {
    expect(playing()).toMatchObject({ phase: "playing", error: null });
    expect(statusText(playing())).toBe("Live");
  });

  test("ignores the answer about an older connection, and a success after pause", () => {
    const state = run(initialPlayerState, { type: "play" }, { type: "pause" }, { type: "play" });
    expect(run(state, { type: "play-succeeded", attempt: 1 })).toBe(state);
    expect(run(state, { type: "play-failed", attempt: 1, cause: "failed" })).toBe(state);
    const paused = run(initialPlayerState, { type: "play" }, { type: "pause" });
    expect(run(paused, { type: "play-succeeded", attempt: 1 })).toBe(paused);
  });

  test('a play() that fails otherwise fails at once with "Unable to start playback. Please try again." (no retry)', () => {
    const state = run(initialPlayerState, { type: "play" }, { type: "play-failed", attempt: 1, cause: "failed" });
    expect(state).toMatchObject({ phase: "failed", error: PLAY_ERROR });
    expect(PLAY_ERROR).toBe("Unable to start playback. Please try again.");
    expect(buttonAction(state)).toBe("play");
  });

  test("a play() refused for want of a fresh press is no error: idle again, asking for a press on Play", () => {
    const state = run(initialPlayerState, { type: "play" }, { type: "play-failed", attempt: 1, cause: "refused" });
    expect(state).toMatchObject({ phase: "idle", error: null, refused: true, retries: 0 });
    expect(statusText(state)).toBe("Press Play to start");
    expect(buttonAction(state)).toBe("play");
    // The next press starts over; so does pause (the system's controls), which says Paused.
    expect(run(state, { type: "play" })).toMatchObject({ phase: "connecting", refused: false });
    expect(statusText(run(state, { type: "play" }, { type: "pause" }))).toBe("Paused");
    expect(statusText(run(state, { type: "pause" }))).toBe("Paused");
  });

  test("an interrupted play() changes nothing", () => {
    const state = run(initialPlayerState, { type: "play" });
    expect(run(state, { type: "play-failed", attempt: 1, cause: "aborted" })).toBe(state);
  });

  test("pause stops from any phase and clears the error", () => {
    for (const phase of ["connecting", "playing", "stalled", "reconnecting"] as const) {
      const state = run({ ...initialPlayerState, phase, error: PLAY_ERROR, retries: 2 }, { type: "pause" });
      expect(state).toMatchObject({ phase: "paused", error: null, retries: 0 });
      expect(statusText(state)).toBe("Paused");
      expect(buttonAction(state)).toBe("play");
    }
  });

  test("leaving the page stops a player that wants sound, as pause does; any other keeps what it says", () => {
    for (const phase of ["connecting", "playing", "stalled", "reconnecting"] as const) {
      const state = run({ ...initialPlayerState, phase, retries: 2, retryIn: 4000 }, { type: "page-hidden" });
      expect(state, phase).toMatchObject({ phase: "paused", error: null, retries: 0, retryIn: 0 });
      expect(statusText(state)).toBe("Paused");
      expect(buttonAction(state)).toBe("play");
    }
    const refused = { ...initialPlayerState, refused: true };
    const failed = { ...initialPlayerState, phase: "failed" as const, error: STREAM_ERROR };
    for (const state of [initialPlayerState, refused, failed, { ...initialPlayerState, phase: "paused" as const }]) {
      expect(run(state, { type: "page-hidden" }), state.phase).toBe(state);
    }
  });

  test("shows the playback error when pausing throws", () => {
    expect(run(playing(), { type: "pause-failed" })).toMatchObject({ phase: "playing", error: PLAY_ERROR });
  });
});

describe("playerReducer: the element", () => {
  test("playing while connecting is Live; buffering while Live is Buffering…; sound again is Live", () => {
    const live = run(initialPlayerState, { type: "play" }, { type: "media-playing" });
    expect(live.phase).toBe("playing");
    const stalled = run(live, { type: "media-waiting" });
    expect(stalled.phase).toBe("stalled");
    expect(statusText(stalled)).toBe("Buffering…");
    expect(buttonAction(stalled)).toBe("pause");
    expect(run(stalled, { type: "media-playing" }).phase).toBe("playing");
  });

  test("ignores stale events while not connected", () => {
    for (const phase of ["idle", "paused", "failed", "reconnecting"] as const) {
      const state = { ...initialPlayerState, phase };
      for (const type of ["media-playing", "media-waiting", "media-paused", "stream-error"] as const) {
        if (phase === "reconnecting" && type === "stream-error") continue;
        expect(run(state, { type }), `${phase} ${type}`).toBe(state);
      }
    }
    // Buffering while connecting is part of connecting.
    const connecting = run(initialPlayerState, { type: "play" });
    expect(run(connecting, { type: "media-waiting" })).toBe(connecting);
  });

  test("pauses when the element is paused by the system", () => {
    expect(run(playing(), { type: "media-paused" }).phase).toBe("paused");
  });
});

describe("playerReducer: dropped streams", () => {
  test("an error, an ended stream, a stream failure of play() or a timeout reconnects after 1 s", () => {
    const drops: PlayerAction[] = [
      { type: "stream-error" },
      { type: "play-failed", attempt: 1, cause: "stream" },
      { type: "timeout", attempt: 1 },
    ];
    for (const drop of drops) {
      const from = drop.type === "play-failed" ? run(initialPlayerState, { type: "play" }) : playing();
      const state = run(from, drop);
      expect(state, drop.type).toMatchObject({ phase: "reconnecting", retries: 1, retryIn: 1000, error: null });
      expect(statusText(state)).toBe("Reconnecting in 1 s…");
      // Only "Reconnecting" is announced; the seconds change every second.
      expect(statusParts(state)).toEqual({ text: "Reconnecting", countdown: " in 1 s…" });
      expect(buttonAction(state)).toBe("pause");
    }
  });

  test("each further failure doubles the wait; after the 3rd retry fails, Stream temporarily unavailable.", () => {
    let state = run(playing(), { type: "stream-error" });
    const waits = [state.retryIn];
    for (let retry = 1; retry <= MAX_RETRIES; retry++) {
      state = run(state, { type: "retry-due" });
      expect(state.phase).toBe("connecting");
      state = run(state, { type: "stream-error" });
      if (state.phase === "reconnecting") waits.push(state.retryIn);
    }
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(statusText({ ...state, phase: "reconnecting", retryIn: 4000 })).toBe("Reconnecting in 4 s…");
    expect(state).toMatchObject({ phase: "failed", error: STREAM_ERROR });
    expect(STREAM_ERROR).toBe("Stream temporarily unavailable.");
  });

  test("through an outage a screen reader hears Reconnecting once, then Live or Unavailable", () => {
    /** The status line's announced part after each step, each change once (as a polite status region reads it). */
    const heard = (...steps: PlayerAction[]) => {
      const said: string[] = [];
      steps.reduce((state, action) => {
        const next = run(state, action);
        const { text } = statusParts(next);
        if (said.at(-1) !== text) said.push(text);
        return next;
      }, playing());
      return said;
    };
    const retry: PlayerAction[] = [{ type: "retry-due" }, { type: "stream-error" }];
    expect(heard({ type: "media-waiting" }, { type: "timeout", attempt: 1 }, ...retry, ...retry, ...retry)).toEqual([
      "Buffering…",
      "Reconnecting",
      "Unavailable",
    ]);
    expect(heard({ type: "stream-error" }, { type: "retry-due" }, { type: "media-playing" })).toEqual([
      "Reconnecting",
      "Live",
    ]);
    // Shown, not announced: the wait's countdown, then the dots while the new connection opens.
    const reconnecting = run(playing(), { type: "stream-error" }, { type: "retry-due" });
    expect(reconnecting.phase).toBe("connecting");
    expect(statusParts(reconnecting)).toEqual({ text: "Reconnecting", countdown: "…" });
    // A connection the listener asked for is "Connecting…", after an outage too (Retry starts over).
    expect(statusText(run(reconnecting, { type: "pause" }, { type: "play" }))).toBe("Connecting…");
  });

  test("sound again keeps the retries used until it has lasted 30 s without a break", () => {
    for (const sound of [{ type: "media-playing" }, { type: "play-succeeded", attempt: 2 }] as const) {
      const state = run(playing(), { type: "stream-error" }, { type: "retry-due" }, sound);
      expect(state, sound.type).toMatchObject({ phase: "playing", retries: 1, attempt: 2 });
      expect(statusText(state)).toBe("Live");
      // The next drop waits 2 s, not 1 s again.
      expect(run(state, { type: "stream-error" }), sound.type).toMatchObject({ retries: 2, retryIn: 2000 });
      expect(run(state, { type: "sound-lasted", attempt: 2 })).toMatchObject({ phase: "playing", retries: 0 });
      // About an older connection, or while buffering: not the sound that lasted.
      expect(run(state, { type: "sound-lasted", attempt: 1 })).toBe(state);
      const stalled = run(state, { type: "media-waiting" });
      expect(run(stalled, { type: "sound-lasted", attempt: 2 })).toBe(stalled);
    }
  });

  test("a stream that plays a few seconds and drops each time fails after its 3rd retry", () => {
    let state = run(playing(), { type: "stream-error" });
    const waits = [state.retryIn];
    for (let retry = 1; retry <= MAX_RETRIES; retry++) {
      state = run(state, { type: "retry-due" }, { type: "media-playing" }, { type: "stream-error" });
      if (state.phase === "reconnecting") waits.push(state.retryIn);
    }
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(state).toMatchObject({ phase: "failed", error: STREAM_ERROR });
    expect(statusText(state)).toBe("Unavailable");
  });

  test("a timeout about an older connection is ignored", () => {
    const state = run(playing(), { type: "pause" }, { type: "play" });
    expect(run(state, { type: "timeout", attempt: 1 })).toBe(state);
  });

  test("offline: the retry waits for the network, and goes at once when it is back", () => {
    const offline = run(playing(), { type: "offline" }, { type: "stream-error" });
    expect(offline).toMatchObject({ phase: "reconnecting", offline: true });
    expect(statusText(offline)).toBe("Offline: waiting…");
    expect(run(offline, { type: "retry-due" })).toBe(offline);
    expect(run(offline, { type: "online" })).toMatchObject({ phase: "connecting", offline: false, attempt: 2 });
  });

  test("online and offline elsewhere only note the network", () => {
    expect(run(playing(), { type: "offline" })).toMatchObject({ phase: "playing", offline: true });
    expect(run(playing(), { type: "offline" }, { type: "online" })).toMatchObject({ phase: "playing", offline: false });
    expect(run(playing(), { type: "online" })).toEqual(playing());
    const refused = run(initialPlayerState, { type: "play" }, { type: "play-failed", attempt: 1, cause: "refused" });
    const playFailed = run(initialPlayerState, { type: "play" }, { type: "play-failed", attempt: 1, cause: "failed" });
    for (const state of [initialPlayerState, refused, playFailed, run(playing(), { type: "pause" })]) {
      expect(run(state, { type: "online" }), state.phase).toBe(state);
    }
  });

  test("sound proves the network works: it clears an offline flag the browser left behind", () => {
    // An `offline` event without its `online`, or navigator.onLine wrong at load.
    const stale = run(initialPlayerState, { type: "offline" }, { type: "play" });
    expect(stale.offline).toBe(true);
    expect(run(stale, { type: "media-playing" })).toMatchObject({ phase: "playing", offline: false });
    expect(run(stale, { type: "play-succeeded", attempt: 1 })).toMatchObject({ phase: "playing", offline: false });
    // So the next drop is retried on its timer, not left "Offline: waiting…".
    const dropped = run(stale, { type: "media-playing" }, { type: "stream-error" });
    expect(statusText(dropped)).toBe("Reconnecting in 1 s…");
    expect(run(dropped, { type: "retry-due" }).phase).toBe("connecting");
  });

  test("given up while the listener wanted sound, the network's return tries again with a fresh set of retries", () => {
    let failed = run(playing(), { type: "stream-error" });
    for (let retry = 1; retry <= MAX_RETRIES; retry++)
      failed = run(failed, { type: "retry-due" }, { type: "stream-error" });
    expect(failed).toMatchObject({ phase: "failed", error: STREAM_ERROR });
    for (const events of [[{ type: "online" }], [{ type: "offline" }, { type: "online" }]] as PlayerAction[][]) {
      const state = run(failed, ...events);
      expect(state).toMatchObject({ phase: "connecting", error: null, retries: 0, offline: false, attempt: 5 });
      expect(statusText(state)).toBe("Connecting…");
    }
    // Only `online` does: offline alone, or a retry timer, changes nothing.
    expect(run(failed, { type: "retry-due" })).toBe(failed);
    expect(run(failed, { type: "offline" })).toMatchObject({ phase: "failed", error: STREAM_ERROR });
  });

  test("a retry that comes due after pause is ignored", () => {
    const paused = run(playing(), { type: "stream-error" }, { type: "pause" });
    expect(run(paused, { type: "retry-due" })).toBe(paused);
  });
});

describe("playerReducer: mute and volume", () => {
  test("flips muted on each toggle, keeping the volume", () => {
    const once = run(initialPlayerState, { type: "toggle-mute" });
    expect(once).toMatchObject({ muted: true, volume: 0.9 });
    expect(run(once, { type: "toggle-mute" })).toMatchObject({ muted: false, volume: 0.9 });
  });

  test("unmuting at volume 0 brings back a volume that can be heard", () => {
    expect(UNMUTED_VOLUME).toBe(0.5);
    const silent = run(initialPlayerState, { type: "volume", value: 0 });
    expect(showsMuted(silent)).toBe(true);
    expect(run(silent, { type: "toggle-mute" })).toMatchObject({ muted: false, volume: 0.5 });
    const mutedAtZero = { ...initialPlayerState, muted: true, volume: 0 };
    expect(run(mutedAtZero, { type: "toggle-mute" })).toMatchObject({ muted: false, volume: 0.5 });
  });

  test("sets the volume, 0.9 when the slider gives no value, and unmutes above 0", () => {
    expect(run(initialPlayerState, { type: "volume", value: 0.35 }).volume).toBe(0.35);
    expect(run(initialPlayerState, { type: "volume", value: 0.2 }, { type: "volume" }).volume).toBe(0.9);
    const muted = run(initialPlayerState, { type: "toggle-mute" });
    expect(run(muted, { type: "volume", value: 0.5 })).toMatchObject({ muted: false, volume: 0.5 });
    expect(run(muted, { type: "volume", value: 0 })).toMatchObject({ muted: true, volume: 0 });
    expect(run(initialPlayerState, { type: "volume", value: 0 }).muted).toBe(false);
  });

  test("normalizeVolume clamps to 0–1 in steps of 0.01", () => {
    expect(normalizeVolume(undefined)).toBe(0.9);
    expect(normalizeVolume(Number.NaN)).toBe(0.9);
    expect(normalizeVolume(-0.5)).toBe(0);
    expect(normalizeVolume(1.7)).toBe(1);
    expect(normalizeVolume(0.456)).toBe(0.46);
    expect(normalizeVolume(0.1 + 0.2)).toBe(0.3);
  });

  test("a slider change while muted unmutes from the 0 it shows, and muting again keeps the volume", () => {
    const muted = run(initialPlayerState, { type: "volume", value: 0.5 }, { type: "toggle-mute" });
    expect(muted).toMatchObject({ muted: true, volume: 0.5 });
    // One step right on the slider, as it shows 0.
    expect(run(muted, { type: "volume", value: sliderValue(muted) + 0.01 })).toMatchObject({
      muted: false,
      volume: 0.01,
    });
    expect(run(muted, { type: "toggle-mute" })).toMatchObject({ muted: false, volume: 0.5 });
  });

  test("the slider shows 0 while muted and says so; the icon shows muted when muted or at 0", () => {
    expect(sliderValue(initialPlayerState)).toBe(0.9);
    expect(sliderText(initialPlayerState)).toBe("90%");
    expect(sliderValue({ ...initialPlayerState, muted: true })).toBe(0);
    expect(sliderText({ ...initialPlayerState, muted: true, volume: 0.5 })).toBe("Muted");
    expect(sliderText({ ...initialPlayerState, volume: 0 })).toBe("0%");
    expect(showsMuted(initialPlayerState)).toBe(false);
    expect(showsMuted({ ...initialPlayerState, muted: true })).toBe(true);
    expect(showsMuted({ ...initialPlayerState, volume: 0 })).toBe(true);
  });
});

describe("statusTexts", () => {
  test("every text the status line can show, each second of every countdown included", () => {
    expect(statusTexts()).toContainEqual({ text: "Reconnecting", countdown: " in 4 s…" });
    expect(
      statusTexts()
        .map(({ text, countdown }) => text + countdown)
        .toSorted(),
    ).toEqual(
      [
        "Stopped",
        "Unavailable",
        "Press Play to start",
        "Connecting…",
        "Live",
        "Buffering…",
        "Reconnecting in 4 s…",
        "Reconnecting in 3 s…",
        "Reconnecting in 2 s…",
        "Reconnecting in 1 s…",
        "Reconnecting…",
        "Offline: waiting…",
        "Paused",
      ].toSorted(),
    );
  });
});

describe("classifyPlayError", () => {
  test("aborted, the stream's fault, or a refusal", () => {
    expect(classifyPlayError(named("AbortError"), null)).toBe("aborted");
    expect(classifyPlayError(named("NotAllowedError"), { code: 4 })).toBe("stream");
    expect(classifyPlayError(named("NotSupportedError"), null)).toBe("stream");
    expect(classifyPlayError(named("NotAllowedError"), null)).toBe("refused");
    expect(classifyPlayError(new DOMException("play() needs a user gesture", "NotAllowedError"), null)).toBe("refused");
    expect(classifyPlayError(named("InvalidStateError"), null)).toBe("failed");
    expect(classifyPlayError("weird", null)).toBe("failed");
  });
});

/** An audio element stand-in: each start() is a connection whose play() the test settles. */
function fakeMedia() {
  const calls: string[] = [];
  const pending: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  let mediaError: { code: number } | null = null;
  const media: RadioMedia = {
    start: () => {
      calls.push("start");
      return new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
    },
    stop: () => void calls.push("stop"),
    error: () => mediaError,
  };
  return {
    media,
    calls,
    /** Settles the latest play() call. */
    succeed: () => pending.at(-1)!.resolve(),
    fail: (name: string, error: { code: number } | null = null) => {
      mediaError = error;
      pending.at(-1)!.reject(named(name));
    },
  };
}

describe("createRadioSession (fake timers)", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());
  const flush = () => vi.advanceTimersByTimeAsync(0);

  test("play opens a connection and goes Live when play() resolves; pause closes it", async () => {
    const fake = fakeMedia();
    const session = createRadioSession(fake.media);
    const seen: string[] = [];
    session.subscribe(() => seen.push(session.getState().phase));
    session.dispatch({ type: "play" });
    expect(fake.calls).toEqual(["start"]);
    fake.succeed();
    await flush();
    expect(session.getState().phase).toBe("playing");
    session.dispatch({ type: "pause" });
    expect(fake.calls).toEqual(["start", "stop"]);
    expect(seen).toEqual(["connecting", "playing", "paused"]);
  });

  test("a dropped stream reconnects by itself after 1 s with a fresh connection, and plays on", async () => {
    const fake = fakeMedia();
    const session = createRadioSession(fake.media);
    session.dispatch({ type: "play" });
    fake.succeed();
    await flush();
    session.dispatch({ type: "stream-error" });
    expect(session.getState().phase).toBe("reconnecting");
    expect(fake.calls).toEqual(["start", "stop"]);
    await vi.advanceTimersByTimeAsync(999);
    expect(fake.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.calls).toEqual(["start", "stop", "start"]);
    expect(session.getState()).toMatchObject({ phase: "connecting", attempt: 2 });
    session.dispatch({ type: "media-playing" });
    expect(session.getState()).toMatchObject({ phase: "playing", retries: 1 });
    // Once the sound has lasted, the outage is over: a later drop has all 3 retries again.
    await vi.advanceTimersByTimeAsync(SOUND_PROVEN_MS);
    expect(session.getState()).toMatchObject({ phase: "playing", retries: 0 });
    expect(vi.getTimerCount()).toBe(0);
  });

  test("a stream that plays a few seconds and drops each time: retries after 1, 2 and 4 s, then fails", async () => {
    const fake = fakeMedia();
    const session = createRadioSession(fake.media);
    session.dispatch({ type: "play" });
    const waits: number[] = [];
    for (let connection = 0; connection <= MAX_RETRIES; connection++) {
      fake.succeed();
      await flush();
      expect(session.getState().phase).toBe("playing");
      await vi.advanceTimersByTimeAsync(2000); // two seconds of sound, then the connection ends
      session.dispatch({ type: "stream-error" });
      if (connection < MAX_RETRIES) {
        const since = Date.now();
        const starts = fake.calls.length;
        while (fake.calls.length === starts) await vi.advanceTimersToNextTimerAsync();
        waits.push(Date.now() - since);
      }
    }
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(session.getState()).toMatchObject({ phase: "failed", error: STREAM_ERROR });
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.calls.filter((call) => call === "start")).toHaveLength(1 + MAX_RETRIES);
  });

  test("the 30 s of sound that end an outage start again after buffering", async () => {
    const fake = fakeMedia();
    const session = createRadioSession(fake.media, { ...initialPlayerState, phase: "playing", retries: 2, attempt: 3 });
    session.dispatch({ type: "media-playing" }); // no change of state: nothing armed yet
    session.dispatch({ type: "media-waiting" });
    session.dispatch({ type: "media-playing" });
    await vi.advanceTimersByTimeAsync(SOUND_PROVEN_MS - 1000);
    session.dispatch({ type: "media-waiting" });
    session.dispatch({ type: "media-playing" });
    await vi.advanceTimersByTimeAsync(SOUND_PROVEN_MS - 1);
    expect(session.getState().retries).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(session.getState().retries).toBe(0);
  });

  test("a stale offline flag: the drop after sound is retried on its timer, not left waiting for online", async () => {
    const fake = fakeMedia();
    const session = createRadioSession(fake.media);
    session.dispatch({ type: "offline" });
    session.dispatch({ type: "play" });
    fake.succeed();
    await flush();
    session.dispatch({ type: "stream-error" });
    expect(statusText(session.getState())).toBe("Reconnecting in 1 s…");
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.calls).toEqual(["start", "stop", "start"]);
  });

  test("failed after its retries: online tries one more round, and nothing retries without it", async () => {
    const fake = fakeMedia();
    const session = createRadioSession(fake.media);
    const failRound = async () => {
      for (let connection = 0; connection <= MAX_RETRIES; connection++) {
        fake.fail("NotSupportedError", { code: 4 });
        await flush();
        if (connection < MAX_RETRIES) await vi.advanceTimersByTimeAsync(retryDelay(connection));
      }
    };
    session.dispatch({ type: "play" });
    await failRound();
    expect(session.getState()).toMatchObject({ phase: "failed", error: STREAM_ERROR });
    expect(fake.calls.filter((call) => call === "start")).toHaveLength(4);
    session.dispatch({ type: "offline" });
    session.dispatch({ type: "online" });
    expect(session.getState()).toMatchObject({ phase: "connecting", error: null, retries: 0 });
    await failRound();
    expect(session.getState()).toMatchObject({ phase: "failed", error: STREAM_ERROR });
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.calls.filter((call) => call === "start")).toHaveLength(8);
  });

  test("the system's play control while playing keeps the connection", async () => {
    const fake = fakeMedia();
    const session = createRadioSession(fake.media);
    session.dispatch({ type: "play" });
    fake.succeed();
    await flush();
    session.dispatch({ type: "play" });
    expect(fake.calls).toEqual(["start"]);
    expect(session.getState()).toMatchObject({ phase: "playing", attempt: 1 });
  });

  test("a station that stays down: retries after 1, 2 and 4 s, then Stream temporarily unavailable.", async () => {
    const fake = fakeMedia();
    const session = createRadioSession(fake.media);
    session.dispatch({ type: "play" });
    const startedAt: number[] = [];
    for (let connection = 0; connection <= MAX_RETRIES; connection++) {
      startedAt.push(Date.now());
      fake.fail("NotSupportedError", { code: 4 });
      await flush();
      if (connection < MAX_RETRIES) {
        // Through the countdown's one-second steps to the next connection.
        const starts = fake.calls.length;
        while (fake.calls.length === starts) await vi.advanceTimersToNextTimerAsync();
      }
    }
    expect(startedAt.slice(1).map((at, i) => at - startedAt[i]!)).toEqual([1000, 2000, 4000]);
    expect(session.getState()).toMatchObject({ phase: "failed", error: STREAM_ERROR });
    expect(fake.calls.filter((call) => call === "start")).toHaveLength(1 + MAX_RETRIES);
    expect(vi.getTimerCount()).toBe(0);
    // Retry starts over with a fresh connection and a full set of retries.
    session.dispatch({ type: "play" });
    expect(session.getState()).toMatchObject({ phase: "connecting", retries: 0, error: null });
  });

  test("the status line counts down to the retry, a second at a time, and the retry comes on time", async () => {
    const fake = fakeMedia();
    // Two outages already: the next wait is 4 s.
    const session = createRadioSession(fake.media, { ...initialPlayerState, phase: "playing", retries: 2, attempt: 1 });
    session.dispatch({ type: "stream-error" });
    const shown = [statusText(session.getState())];
    for (let second = 1; second <= 3; second++) {
      await vi.advanceTimersByTimeAsync(1000);
      shown.push(statusText(session.getState()));
    }
    expect(shown).toEqual([
      "Reconnecting in 4 s…",
      "Reconnecting in 3 s…",
      "Reconnecting in 2 s…",
      "Reconnecting in 1 s…",
    ]);
    expect(fake.calls).toEqual(["stop"]);
    await vi.advanceTimersByTimeAsync(999);
    expect(fake.calls).toEqual(["stop"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.calls).toEqual(["stop", "start"]);
    expect(session.getState()).toMatchObject({ phase: "connecting", retryIn: 0 });
  });

  test("the countdown stops while offline and the retry goes as soon as the network is back", async () => {
    const fake = fakeMedia();
    const session = createRadioSession(fake.media, { ...initialPlayerState, phase: "playing", retries: 2, attempt: 1 });
    session.dispatch({ type: "stream-error" });
    await vi.advanceTimersByTimeAsync(1000);
    session.dispatch({ type: "offline" });
    expect(statusText(session.getState())).toBe("Offline: waiting…");
    expect(vi.getTimerCount()).toBe(0);
    session.dispatch({ type: "online" });
    expect(session.getState().phase).toBe("connecting");
    expect(fake.calls).toEqual(["stop", "start"]);
  });

  test("pause cancels a pending retry", async () => {
    const fake = fakeMedia();
    const session = createRadioSession(fake.media);
    session.dispatch({ type: "play" });
    session.dispatch({ type: "media-playing" });
    session.dispatch({ type: "stream-error" });
    expect(vi.getTimerCount()).toBe(1);
    session.dispatch({ type: "pause" });
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(session.getState().phase).toBe("paused");
    expect(fake.calls).toEqual(["start", "stop"]);
  });

  test("buffering for too long counts as a drop; sound in time cancels the watchdog", async () => {
    const fake = fakeMedia();
    const session = createRadioSession(fake.media);
    session.dispatch({ type: "play" });
    session.dispatch({ type: "media-playing" });
    session.dispatch({ type: "media-waiting" });
    await vi.advanceTimersByTimeAsync(STALL_TIMEOUT_MS - 1);
    session.dispatch({ type: "media-playing" });
    await vi.advanceTimersByTimeAsync(STALL_TIMEOUT_MS);
    expect(session.getState().phase).toBe("playing");
    session.dispatch({ type: "media-waiting" });
    await vi.advanceTimersByTimeAsync(STALL_TIMEOUT_MS);
    expect(session.getState()).toMatchObject({ phase: "reconnecting", retries: 1 });
    expect(fake.calls).toEqual(["start", "stop"]);
  });

  test("a connection that never starts is retried after the connect timeout", async () => {
    const fake = fakeMedia();
    const session = createRadioSession(fake.media);
    session.dispatch({ type: "play" });
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS);
    expect(session.getState().phase).toBe("reconnecting");
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.calls).toEqual(["start", "stop", "start"]);
  });

  test("offline: no timer while the network is gone; online reconnects at once", async () => {
    const fake = fakeMedia();
    const session = createRadioSession(fake.media);
    session.dispatch({ type: "play" });
    session.dispatch({ type: "media-playing" });
    session.dispatch({ type: "stream-error" });
    session.dispatch({ type: "offline" });
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.calls).toEqual(["start", "stop"]);
    session.dispatch({ type: "online" });
    expect(fake.calls).toEqual(["start", "stop", "start"]);
    expect(session.getState().phase).toBe("connecting");
  });

  test("a play() refused for want of a fresh press: idle, no error, the connection closed, no retry", async () => {
    const fake = fakeMedia();
    const session = createRadioSession(fake.media);
    session.dispatch({ type: "play" });
    fake.fail("NotAllowedError");
    await flush();
    expect(session.getState()).toMatchObject({ phase: "idle", error: null, refused: true });
    expect(fake.calls).toEqual(["start", "stop"]);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.calls).toEqual(["start", "stop"]);
  });

  test("a play() that fails otherwise fails without retrying", async () => {
    const fake = fakeMedia();
    const session = createRadioSession(fake.media);
    session.dispatch({ type: "play" });
    fake.fail("InvalidStateError");
    await flush();
    expect(session.getState()).toMatchObject({ phase: "failed", error: PLAY_ERROR });
    expect(vi.getTimerCount()).toBe(0);
  });

  test("a start() that throws is read like a rejected play()", async () => {
    const session = createRadioSession({
      start: () => {
        throw named("InvalidStateError");
      },
      stop: () => {},
      error: () => null,
    });
    session.dispatch({ type: "play" });
    await flush();
    expect(session.getState()).toMatchObject({ phase: "failed", error: PLAY_ERROR });
  });

  test("leaving the page closes the connection and cancels the timers; nothing starts again by itself", async () => {
    for (const phase of ["connecting", "playing", "stalled", "reconnecting"] as const) {
      const fake = fakeMedia();
      const session = createRadioSession(fake.media);
      session.dispatch({ type: "play" });
      if (phase !== "connecting") session.dispatch({ type: "media-playing" });
      if (phase === "stalled") session.dispatch({ type: "media-waiting" });
      if (phase === "reconnecting") session.dispatch({ type: "stream-error" });
      expect(session.getState().phase).toBe(phase);
      session.dispatch({ type: "page-hidden" });
      expect(session.getState().phase, phase).toBe("paused");
      // One stop: on leaving, or before (a dropped stream's connection is closed as it drops).
      expect(fake.calls, phase).toEqual(["start", "stop"]);
      expect(vi.getTimerCount(), phase).toBe(0);
      // Back from the cache: what the element reports late changes nothing, and nothing reconnects.
      session.dispatch({ type: "media-playing" });
      session.dispatch({ type: "media-paused" });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(session.getState().phase, phase).toBe("paused");
      expect(fake.calls, phase).toEqual(["start", "stop"]);
    }
  });

  test("a stop() that throws on pause keeps playing and shows the playback error", () => {
    const session = createRadioSession({
      start: () => new Promise(() => {}),
      stop: () => {
        throw new Error("no");
      },
      error: () => null,
    });
    session.dispatch({ type: "play" });
    session.dispatch({ type: "media-playing" });
    session.dispatch({ type: "pause" });
    expect(session.getState()).toMatchObject({ phase: "playing", error: PLAY_ERROR });
  });

  test("dispose clears the timers; unsubscribed listeners hear nothing", () => {
    const fake = fakeMedia();
    const session = createRadioSession(fake.media);
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    session.dispatch({ type: "play" });
    expect(vi.getTimerCount()).toBe(1);
    unsubscribe();
    session.dispatch({ type: "toggle-mute" });
    expect(listener).toHaveBeenCalledTimes(1);
    session.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });

  test("after dispose, a late play() answer or media control neither connects nor arms a timer", async () => {
    const fake = fakeMedia();
    const session = createRadioSession(fake.media);
    session.dispatch({ type: "play" });
    session.dispose();
    fake.fail("NotSupportedError", { code: 4 }); // would have been a drop, and a retry timer
    await flush();
    session.dispatch({ type: "pause" });
    session.dispatch({ type: "play" });
    expect(vi.getTimerCount()).toBe(0);
    expect(fake.calls).toEqual(["start"]);
    expect(session.getState().phase).toBe("connecting");
  });
});
