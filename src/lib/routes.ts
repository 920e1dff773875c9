/**
 * The route a built page answers, from its file under dist/ (either slash): "index.html" → "/",
 * "learn/taxes/index.html" → "/learn/taxes", "404.html" → "/404". The share images and the link gate both use it.
 */
export function routeOfFile(file: string): string {
  const path = `/${file.replace(/\\/g, "/")}`.replace(/\/index\.html$/, "/").replace(/\.html$/, "");
  return path.length > 1 ? path.replace(/\/$/, "") : path;
}
