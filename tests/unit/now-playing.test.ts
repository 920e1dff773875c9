import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  NOW_PLAYING_INTERVAL_MS,
  createNowPlayingPoller,
  nowPlayingText,
  nowPlayingUrl,
  parseNowPlaying,
  type NowPlaying,
} from "../../src/lib/now-playing";

describe("nowPlayingUrl", () => {
  test("sits beside the stream, with the same port", () => {
    expect(nowPlayingUrl("/api/stream?port=8076", "https://site.example.com/radio")).toBe("/api/now-playing?port=8076");
    expect(nowPlayingUrl("/api/stream", "https://site.example.com/radio")).toBe("/api/now-playing");
    expect(nowPlayingUrl("https://radio.example.org/api/stream?port=8076", "https://site.example.com/radio")).toBe(
      "https://radio.example.org/api/now-playing?port=8076",
    );
  });
});

describe("parseNowPlaying", () => {
  test("takes the title and a whole, non-negative listener count", () => {
    expect(parseNowPlaying({ title: " Sunrise Jazz ", listeners: 12 })).toEqual({
      title: "Sunrise Jazz",
      listeners: 12,
    });
    expect(parseNowPlaying({ title: "A", listeners: -1 })).toEqual({ title: "A", listeners: null });
    expect(parseNowPlaying({ title: "A", listeners: "12" })).toEqual({ title: "A", listeners: null });
    expect(parseNowPlaying({ title: "A" })).toEqual({ title: "A", listeners: null });
  });

  test("no title, an empty one or something else entirely is nothing", () => {
    for (const body of [
      null,
      "x",
      3,
      {},
      { title: "" },
      { title: "  " },
      { title: 5 },
      { title: null, listeners: 3 },
    ]) {
      expect(parseNowPlaying(body), JSON.stringify(body)).toBeNull();
    }
  });

  test("cuts an overlong title", () => {
    expect(parseNowPlaying({ title: "x".repeat(500) })!.title).toHaveLength(200);
  });
});

describe("nowPlayingText", () => {
  test("the title, with the listeners when known", () => {
    expect(nowPlayingText({ title: "Sunrise Jazz", listeners: 12 })).toBe("Sunrise Jazz · 12 listening");
    expect(nowPlayingText({ title: "Sunrise Jazz", listeners: null })).toBe("Sunrise Jazz");
  });
});

describe("createNowPlayingPoller (fake timers)", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  test("polls at once when activated, then every 15 s, and stops when deactivated", async () => {
    const load = vi.fn(async () => ({ title: "Sunrise Jazz", listeners: 3 }));
    const seen: (NowPlaying | null)[] = [];
    const poller = createNowPlayingPoller(load, (now) => seen.push(now));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).not.toHaveBeenCalled();
    poller.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([{ title: "Sunrise Jazz", listeners: 3 }]);
    await vi.advanceTimersByTimeAsync(NOW_PLAYING_INTERVAL_MS);
    expect(load).toHaveBeenCalledTimes(2);
    poller.setActive(true); // no change: no extra request
    poller.setActive(false);
    await vi.advanceTimersByTimeAsync(NOW_PLAYING_INTERVAL_MS * 4);
    expect(load).toHaveBeenCalledTimes(2);
    poller.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(3);
    poller.dispose();
    await vi.advanceTimersByTimeAsync(NOW_PLAYING_INTERVAL_MS * 4);
    expect(load).toHaveBeenCalledTimes(3);
  });

  test("a failed request reports nothing and stops polling until the next activation", async () => {
    const load = vi.fn(async () => {
      throw new Error("404");
    });
    const seen: (NowPlaying | null)[] = [];
    const poller = createNowPlayingPoller(load, (now) => seen.push(now));
    poller.setActive(true);
    await vi.advanceTimersByTimeAsync(NOW_PLAYING_INTERVAL_MS * 4);
    expect(load).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([null]);
    poller.setActive(false);
    poller.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);
  });

  test("an answer that arrives after deactivation is dropped", async () => {
    let answer!: (value: unknown) => void;
    const load = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    const seen: (NowPlaying | null)[] = [];
    const poller = createNowPlayingPoller(load, (now) => seen.push(now));
    poller.setActive(true);
    poller.setActive(false);
    answer({ title: "Late" });
    await vi.advanceTimersByTimeAsync(NOW_PLAYING_INTERVAL_MS * 2);
    expect(seen).toEqual([]);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
