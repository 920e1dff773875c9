/**
 * /manifest.webmanifest: what a phone needs to save the site to its home screen
 * (name, colours, the icons drawn by src/build/share-images.ts). No service worker:
 * the saved site opens the live pages.
 */
import { getSite } from "../content";

export async function GET() {
  const site = await getSite();
  const manifest = {
    id: "/",
    name: site.name,
    short_name: site.logo,
    description: site.description,
    lang: site.lang,
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#faf8f3",
    theme_color: "#faf8f3",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest, null, 2), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8" },
  });
}
