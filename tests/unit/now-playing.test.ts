import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  NOW_PLAYING_INTERVAL_MS,
  NOW_PLAYING_TIMEOUT_MS,
  NowPlayingStatusError,
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
    // Past what a number holds exactly it is no count.
    expect(parseNowPlaying({ title: "A", listeners: 1e300 })).toEqual({ title: "A", listeners: null });
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

  test("drops invisible format characters, such as the one that reverses the text after it", () => {
    expect(parseNowPlaying({ title: "\u202Eevil Jazz\u202C", listeners: 12 })).toEqual({
      title: "evil Jazz",
      listeners: 12,
    });
    expect(parseNowPlaying({ title: " \u200BMarket\u2066 Close\uFEFF " })!.title).toBe("Market Close");
    expect(parseNowPlaying({ title: "\u202E\u200E " })).toBeNull();
    // The joiners stay: an emoji sequence, a Persian word.
    expect(
      parseNowPlaying({ title: "Family \u{1F468}\u200D\u{1F469} \u0645\u06CC\u200C\u062E\u0648\u0627\u0645" })!.title,
    ).toBe("Family \u{1F468}\u200D\u{1F469} \u0645\u06CC\u200C\u062E\u0648\u0627\u0645");
  });
});

describe("nowPlayingText", () => {
  test("the title, with the listeners when known", () => {
    expect(nowPlayingText({ title: "Sunrise Jazz", listeners: 12 })).toBe("Sunrise Jazz · 12 listening");
    expect(nowPlayingText({ title: "Sunrise Jazz", listeners: null })).toBe("Sunrise Jazz");
  });

  test("groups the count's digits", () => {
    expect(nowPlayingText({ title: "Sunrise Jazz", listeners: 1204 })).toBe("Sunrise Jazz · 1,204 listening");
    expect(nowPlayingText({ title: "A", listeners: 1_000_000_000_000 })).toBe("A · 1,000,000,000,000 listening");
    expect(nowPlayingText({ title: "A", listeners: 0 })).toBe("A · 0 listening");
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

  test("no endpoint (404) reports nothing and is not asked again until the next play, however often the tab is shown", async () => {
    const load = vi.fn(async () => {
      throw new NowPlayingStatusError(404);
    });
    const seen: (NowPlaying | null)[] = [];
    const poller = createNowPlayingPoller(load, (now) => seen.push(now));
    poller.setActive(true);
    await vi.advanceTimersByTimeAsync(NOW_PLAYING_INTERVAL_MS * 4);
    expect(load).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([null]);
    // The tab hidden and shown again, or a reconnect: the same play.
    for (let time = 0; time < 4; time++) {
      poller.setActive(false);
      poller.setActive(true);
      await vi.advanceTimersByTimeAsync(NOW_PLAYING_INTERVAL_MS);
    }
    expect(load).toHaveBeenCalledTimes(1);
    // A new play asks once more.
    poller.setActive(false);
    poller.reset();
    poller.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);
    poller.dispose();
  });

  test("showing the tab again keeps counting the failures in a row; a new play counts from 0", async () => {
    const load = vi.fn(async () => {
      throw new NowPlayingStatusError(503);
    });
    const seen: (NowPlaying | null)[] = [];
    const poller = createNowPlayingPoller(load, (now) => seen.push(now));
    /** Two failed requests, then the tab hidden and shown (which asks at once). */
    const twoThenSwitch = async () => {
      poller.setActive(true);
      await vi.advanceTimersByTimeAsync(NOW_PLAYING_INTERVAL_MS);
      poller.setActive(false);
    };
    await twoThenSwitch();
    expect(load).toHaveBeenCalledTimes(2);
    expect(seen).toEqual([]);
    poller.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(3);
    expect(seen).toEqual([null]);
    poller.setActive(false);
    poller.reset();
    seen.length = 0;
    await twoThenSwitch();
    expect(seen).toEqual([]);
    poller.dispose();
  });

  test("one failed request keeps the title shown and polls on; 3 in a row bring the page's sentence back", async () => {
    const answers: (() => unknown)[] = [
      () => ({ title: "Sunrise Jazz", listeners: 3 }),
      () => {
        throw new NowPlayingStatusError(503);
      },
      () => ({ title: "Market Close", listeners: 4 }),
      () => {
        throw new NowPlayingStatusError(503);
      },
      () => {
        throw new TypeError("Failed to fetch"); // the network
      },
      () => {
        throw new NowPlayingStatusError(500);
      },
      () => ({ title: "Opening Bell", listeners: 5 }),
    ];
    const load = vi.fn(async () => answers[load.mock.calls.length - 1]!());
    const seen: (NowPlaying | null)[] = [];
    const poller = createNowPlayingPoller(load, (now) => seen.push(now));
    poller.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    const shown = [seen.at(-1)?.title];
    for (let poll = 1; poll < answers.length; poll++) {
      await vi.advanceTimersByTimeAsync(NOW_PLAYING_INTERVAL_MS);
      expect(load).toHaveBeenCalledTimes(poll + 1);
      shown.push(seen.at(-1)?.title ?? "(the sentence)");
    }
    expect(shown).toEqual([
      "Sunrise Jazz",
      "Sunrise Jazz",
      "Market Close",
      "Market Close",
      "Market Close",
      "(the sentence)",
      "Opening Bell",
    ]);
    poller.dispose();
  });

  test("a request that hangs is given up after 5 s, and the next poll goes at the interval", async () => {
    const signals: AbortSignal[] = [];
    const load = vi.fn((signal: AbortSignal) => {
      signals.push(signal);
      // The first request hangs and ignores its signal; the next ones answer.
      return load.mock.calls.length === 1 ? new Promise(() => {}) : Promise.resolve({ title: "Market Close" });
    });
    const seen: (NowPlaying | null)[] = [];
    const poller = createNowPlayingPoller(load, (now) => seen.push(now));
    poller.setActive(true);
    await vi.advanceTimersByTimeAsync(NOW_PLAYING_TIMEOUT_MS - 1);
    expect(signals[0]!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signals[0]!.aborted).toBe(true);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(NOW_PLAYING_INTERVAL_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    expect(seen).toEqual([{ title: "Market Close", listeners: null }]);
    poller.dispose();
  });

  test("stopping aborts the request in flight", async () => {
    const signals: AbortSignal[] = [];
    const load = vi.fn((signal: AbortSignal) => (signals.push(signal), new Promise(() => {})));
    const poller = createNowPlayingPoller(load, () => {});
    poller.setActive(true);
    poller.setActive(false);
    expect(signals[0]!.aborted).toBe(true);
    poller.setActive(true);
    poller.dispose();
    expect(signals[1]!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0);
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
