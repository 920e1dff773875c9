/**
 * Puts the configured ad network's script into each slot that has one
 * (data-ad-src), once, and only when the slot comes near the viewport. A
 * network that fails to load leaves the slot's placeholder in place.
 */
function inject(slot: HTMLElement) {
  const { adSrc, adClient, adSlot } = slot.dataset;
  if (!adSrc || slot.dataset["adState"]) return;
  slot.dataset["adState"] = "loading";
  const script = document.createElement("script");
  script.async = true;
  script.src = adSrc;
  if (adClient) script.dataset["adClient"] = adClient;
  if (adSlot) script.dataset["adUnit"] = adSlot; // the slot id, for the network
  script.addEventListener("load", () => (slot.dataset["adState"] = "loaded"));
  script.addEventListener("error", () => (slot.dataset["adState"] = "failed"));
  slot.append(script);
}

const slots = document.querySelectorAll<HTMLElement>("[data-ad-slot][data-ad-src]");
if (slots.length > 0) {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        inject(entry.target as HTMLElement);
      }
    },
    { rootMargin: "300px 0px" },
  );
  for (const slot of slots) observer.observe(slot);
}
