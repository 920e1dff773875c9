/**
 * html-validate for every page of the build (`npm run test:html`): the
 * recommended rules; each relaxation below says why. Most come from markup we
 * do not write: React's server renderer and Radix's components spell valid
 * HTML differently from Astro.
 */
export default {
  extends: ["html-validate:recommended"],
  elements: [
    "html5",
    // Astro inlines `<style>astro-island{display:contents}</style>` before the first island, wherever in the
    // body that island sits. The spec reserves <style> for <head>, but every browser applies a body <style>
    // and the markup is the framework's, not ours: accept <style> as flow content, nowhere else.
    { style: { flow: true } },
  ],
  rules: {
    // React's useId() gives ids such as "_r1R_0_" (aria-controls targets of the islands). HTML allows any id
    // without whitespace; the strict form only guards hand-written CSS selectors. Still no empty or spaced ids.
    "valid-id": ["error", { relaxed: true }],
    // React writes DOM property names (autoComplete, inputMode, playsInline); HTML attribute names are
    // case-insensitive, so both spellings are the same attribute. Anything else must still be lowercase.
    "attr-case": ["error", { style: ["lowercase", "camelcase"] }],
    // React renders boolean and empty attributes as hidden="" / disabled="" and void elements as <input/>,
    // Astro as hidden and <input>: the same valid HTML, so neither spelling is enforced.
    "attribute-empty-style": "off",
    "attribute-boolean-style": "off",
    "void-style": "off",
    // Radix's Slider renders a hidden <input style="display:none"/> without a type for form integration; an
    // input without type is a text input by definition, so this rule is about style, not validity.
    "no-implicit-input-type": "off",
    // Style attributes come from content-driven sizes (the ad slots' reserved heights from content/ads.json) and Radix's positioning of slider parts, which Tailwind cannot express as classes it never sees.
    // scripts/postbuild.mjs moves every style attribute into a hashed stylesheet, so the Content-Security-
    // Policy still needs no 'unsafe-inline'.
    "no-inline-style": "off",
    // A phone number may keep its ordinary spaces and hyphens when its element does not wrap.
    "tel-non-breaking": ["error", { ignoreClasses: ["whitespace-nowrap", "text-nowrap"] }],
  },
};
