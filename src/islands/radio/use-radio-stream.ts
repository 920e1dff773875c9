import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { createRadioSession, wantsSound, type PlayerAction, type RadioSession } from "../../lib/radio-player";
import { useNowPlaying } from "./use-now-playing";

export interface RadioStreamOptions {
  /** The stream URL. */
  src: string;
  /** What the system's media controls (Media Session) show. */
  title: string;
  subtitle: string;
  artwork?: string | undefined;
}

/**
 * The live stream behind the radio player: adapts the <audio> element to src/lib/radio-player's session
 * (which decides everything: states, reconnects, timers), forwards the element's and the network's
 * events to it, and keeps volume, mute and the system's media controls in step.
 */
export function useRadioStream({ src, title, subtitle, artwork }: RadioStreamOptions) {
  const audio = useRef<HTMLAudioElement>(null);
  const [session] = useState<RadioSession>(() =>
    createRadioSession({
      start() {
        const element = audio.current!;
        // A fresh connection every time: a live stream never resumes stale buffered audio.
        element.src = src;
        element.load();
        return element.play(); // the first call comes inside the listener's gesture
      },
      stop() {
        const element = audio.current!;
        element.pause();
        // Close the connection so a stopped live stream stops downloading.
        element.removeAttribute("src");
        element.load();
      },
      error: () => audio.current?.error ?? null,
    }),
  );
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  // The station's current title, polled while sound comes out and kept through a reconnect; it heads the system's
  // media controls.
  const now = useNowPlaying(src, state.phase === "playing" || state.phase === "stalled", wantsSound(state));

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    const on = session.dispatch;
    const events: [EventTarget, string, () => void][] = [
      [element, "playing", () => on({ type: "media-playing" })],
      [element, "waiting", () => on({ type: "media-waiting" })],
      // A stream that reached its end pauses first: the "ended" that follows says the connection dropped.
      [element, "pause", () => element.ended || on({ type: "media-paused" })],
      [element, "error", () => element.error && on({ type: "stream-error" })],
      [element, "ended", () => on({ type: "stream-error" })],
      // Leaving the page, into the back/forward cache too, or its being frozen: a cached or frozen page would keep
      // the connection open and the stream downloading. It closes as on pause, and coming back shows Paused.
      [window, "pagehide", () => on({ type: "page-hidden" })],
      [document, "freeze", () => on({ type: "page-hidden" })],
      [window, "offline", () => on({ type: "offline" })],
      [window, "online", () => on({ type: "online" })],
    ];
    for (const [target, name, handler] of events) target.addEventListener(name, handler);
    if (!navigator.onLine) on({ type: "offline" });
    // The system's controls; a play sent while the listener already wants sound is ignored (the session's rule).
    const controls: [MediaSessionAction, PlayerAction][] = [
      ["play", { type: "play" }],
      ["pause", { type: "pause" }],
      ["stop", { type: "pause" }],
    ];
    const mediaSession = "mediaSession" in navigator ? navigator.mediaSession : undefined;
    for (const [name, action] of controls) mediaSession?.setActionHandler(name, () => on(action));
    return () => {
      for (const [target, name, handler] of events) target.removeEventListener(name, handler);
      for (const [name] of controls) mediaSession?.setActionHandler(name, null);
      session.dispose();
    };
  }, [session]);

  useEffect(() => {
    if (!audio.current) return;
    audio.current.volume = state.volume;
    audio.current.muted = state.muted;
  }, [state.volume, state.muted]);

  const wanted = wantsSound(state);
  useEffect(() => {
    if (!("mediaSession" in navigator)) return;
    navigator.mediaSession.playbackState = wanted ? "playing" : "paused";
    if (!wanted || !("MediaMetadata" in window)) return;
    const art = artwork ? [{ src: new URL(artwork, location.href).href }] : [];
    navigator.mediaSession.metadata = now
      ? new MediaMetadata({ title: now.title, artist: title, artwork: art })
      : new MediaMetadata({ title, artist: subtitle, artwork: art });
  }, [wanted, now, title, subtitle, artwork]);

  return {
    state,
    audio,
    play: () => session.dispatch({ type: "play" }),
    pause: () => session.dispatch({ type: "pause" }),
    toggleMute: () => session.dispatch({ type: "toggle-mute" }),
    /** No value (a slider that gives none) means the default volume. */
    setVolume: (value?: number) => session.dispatch({ type: "volume", value }),
  };
}
