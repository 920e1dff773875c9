/**
 * Registers `client:interaction` (src/browser/hydrate-on-interaction.ts): hydrate an island when the visitor
 * first reaches for it, or once the page has loaded and the browser is idle.
 */
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";

export function hydrateOnInteraction(): AstroIntegration {
  return {
    name: "hydrate-on-interaction",
    hooks: {
      "astro:config:setup": ({ addClientDirective }) => {
        addClientDirective({
          name: "interaction",
          entrypoint: fileURLToPath(new URL("../browser/hydrate-on-interaction.ts", import.meta.url)),
        });
      },
    },
  };
}

declare module "astro" {
  interface AstroClientDirectives {
    /** Hydrate when the visitor first hovers, touches, focuses or types into the island, or when idle after load. */
    "client:interaction"?: boolean;
  }
}
