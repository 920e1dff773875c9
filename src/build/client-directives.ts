/**
 * Registers the site's own client directives: `client:interaction` (src/browser/hydrate-on-interaction.ts)
 * hydrates an island when the visitor first reaches for it (with `="or-idle"`, also once the page has loaded
 * and the browser is idle). A directive's code is inlined into the page, so it costs no request before the
 * island loads.
 */
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";

export function clientDirectives(): AstroIntegration {
  return {
    name: "client-directives",
    hooks: {
      "astro:config:setup": ({ addClientDirective }) => {
        // Literal URLs, so the build and knip both see the files.
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
    /**
     * Hydrate when the visitor first hovers, touches, focuses or types into the island; with "or-idle", also when
     * the browser is idle after load (for an island whose first render depends on the visitor).
     */
    "client:interaction"?: boolean | "or-idle";
  }
}
