/**
 * The `client:interaction` directive (registered by src/build/client-directives.ts): an island's
 * framework code starts loading when the visitor first reaches for it (hovers, touches, focuses or types into
 * it), or else once the page has loaded and the browser is idle. So React never competes with the first paint,
 * and the island is still ready soon after load for a visitor who has not touched it (an address that pre-fills
 * the calculator, say).
 */
import type { ClientDirective } from "astro";

/** The first signs that a visitor is about to use the island, in the order they usually come. */
const INTENT_EVENTS = ["pointerover", "touchstart", "pointerdown", "focusin", "keydown", "input"] as const;

const hydrateOnInteraction: ClientDirective = (load, _options, island) => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) island.removeEventListener(type, start, { capture: true });
    void load().then((hydrate) => hydrate());
  };
  for (const type of INTENT_EVENTS) island.addEventListener(type, start, { capture: true, passive: true });
  // After load, never before: until then the first paint and the page's own requests come first.
  const whenIdle = () => {
    if ("requestIdleCallback" in window) window.requestIdleCallback(start, { timeout: 500 });
    else setTimeout(start, 200);
  };
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
};

export default hydrateOnInteraction;
