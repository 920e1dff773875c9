import { useEffect, useReducer, useRef, useState } from "react";
import { classifyPlayError, initialPlayerState, playerReducer } from "../../lib/radio-player";

export interface RadioStreamOptions {
  /** The stream URL. */
  src: string;
  /** What the system's media controls (Media Session) show. */
  title: string;
  subtitle: string;
  artwork?: string | undefined;
}

/**
 * The live stream behind the radio player: the <audio> element's events, play and pause (a paused live
 * stream closes its connection and a new play opens a fresh one), volume and mute, and the system's media
 * controls. The decisions live in src/lib/radio-player; this hook wires them to the browser.
 */
export function useRadioStream({ src, title, subtitle, artwork }: RadioStreamOptions) {
  const [state, dispatch] = useReducer(playerReducer, initialPlayerState);
  const [ready, setReady] = useState(false);
  const audio = useRef<HTMLAudioElement>(null);
  const latest = useRef(state);
  latest.current = state;

  const play = () => {
    const element = audio.current;
    if (!element) return;
    // A live stream never resumes stale audio: after a pause or an error, open a fresh connection.
    if (latest.current.reconnect || !element.getAttribute("src")) {
      element.src = src;
      element.load();
    }
    const attempt = latest.current.attempt + 1;
    dispatch({ type: "play" });
    if ("mediaSession" in navigator && "MediaMetadata" in window) {
      const art = artwork ? [{ src: new URL(artwork, location.href).href }] : [];
      navigator.mediaSession.metadata = new MediaMetadata({ title, artist: subtitle, artwork: art });
    }
    let request: Promise<void>;
    try {
      request = element.play(); // called synchronously, inside the listener's gesture
    } catch (error) {
      request = Promise.reject(error);
    }
    request.then(
      () => dispatch({ type: "play-succeeded", attempt }),
      (error: unknown) => dispatch({ type: "play-failed", attempt, cause: classifyPlayError(error, element.error) }),
    );
  };

  const pause = () => {
    const element = audio.current;
    if (!element) return;
    try {
      element.pause();
    } catch {
      dispatch({ type: "pause-failed" });
      return;
    }
    dispatch({ type: "pause" });
    // Close the connection so a paused live stream stops downloading.
    element.removeAttribute("src");
    element.load();
  };

  const controls = useRef({ play, pause });
  controls.current = { play, pause };

  useEffect(() => {
    setReady(true);
    const element = audio.current;
    if (!element) return;
    const events: Record<string, () => void> = {
      playing: () => dispatch({ type: "media-playing" }),
      waiting: () => dispatch({ type: "media-waiting" }),
      pause: () => dispatch({ type: "media-paused" }),
      error: () => element.error && dispatch({ type: "stream-error" }),
      ended: () => dispatch({ type: "stream-error" }),
    };
    for (const [name, handler] of Object.entries(events)) element.addEventListener(name, handler);
    if ("mediaSession" in navigator) {
      navigator.mediaSession.setActionHandler("play", () => controls.current.play());
      navigator.mediaSession.setActionHandler("pause", () => controls.current.pause());
      navigator.mediaSession.setActionHandler("stop", () => controls.current.pause());
    }
    return () => {
      for (const [name, handler] of Object.entries(events)) element.removeEventListener(name, handler);
    };
  }, []);

  useEffect(() => {
    if (!audio.current) return;
    audio.current.volume = state.volume;
    audio.current.muted = state.muted;
  }, [state.volume, state.muted]);

  useEffect(() => {
    if ("mediaSession" in navigator) navigator.mediaSession.playbackState = state.playing ? "playing" : "paused";
  }, [state.playing]);

  return {
    state,
    /** False until hydrated: the controls stay disabled before the stream can be played. */
    ready,
    audio,
    play,
    pause,
    toggleMute: () => dispatch({ type: "toggle-mute" }),
    setVolume: (value: number) => dispatch({ type: "volume", value }),
  };
}
