import { useEffect, useState } from "react";
import {
  NowPlayingStatusError,
  createNowPlayingPoller,
  nowPlayingText,
  nowPlayingUrl,
  type NowPlaying,
} from "../../lib/now-playing";

/**
 * The station's current title, asked for while the stream plays and the tab is visible (src/lib/now-playing polls),
 * written into the page's "Now Playing" paragraph (the element marked data-now-playing in
 * content/pages/radio.mdx) in place of its sentence, which comes back whenever no title is known.
 *
 * `playing`: sound comes out (poll). `listening`: the listener wants sound, reconnecting included: the last title
 * stays through a reconnect, since a paragraph that changed to the sentence and back would move the page under it
 * at every drop. Paused, stopped or failed, it goes, and the next play starts afresh (a missing endpoint is asked
 * again, failures are counted from 0).
 */
export function useNowPlaying(streamUrl: string, playing: boolean, listening: boolean): NowPlaying | null {
  const [now, setNow] = useState<NowPlaying | null>(null);
  const [visible, setVisible] = useState(true);
  const [poller] = useState(() =>
    createNowPlayingPoller(async (signal) => {
      const response = await fetch(nowPlayingUrl(streamUrl, location.href), {
        headers: { accept: "application/json" },
        signal,
      });
      if (!response.ok) throw new NowPlayingStatusError(response.status);
      return response.json();
    }, setNow),
  );

  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== "hidden");
    update();
    document.addEventListener("visibilitychange", update);
    return () => {
      document.removeEventListener("visibilitychange", update);
      poller.dispose();
    };
  }, [poller]);

  useEffect(() => {
    poller.setActive(playing && visible);
  }, [poller, playing, visible]);

  useEffect(() => {
    if (listening) return;
    // Paused, stopped or failed: the last title may no longer be on air.
    setNow(null);
    poller.reset();
  }, [poller, listening]);

  useEffect(() => {
    const target = document.querySelector<HTMLElement>("[data-now-playing]");
    if (!target) return;
    // The station's title can be one long word (a file name, a URL): it breaks anywhere rather than widen the page.
    target.classList.add("wrap-anywhere");
    target.dataset["fallback"] ??= target.textContent ?? "";
    target.textContent = now ? nowPlayingText(now) : target.dataset["fallback"];
  }, [now]);

  return now;
}
