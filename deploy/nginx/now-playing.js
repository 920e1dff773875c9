/**
 * /api/now-playing for nginx's njs module (Debian: libnginx-mod-http-js): reads Icecast's
 * /status-json.xsl through the cached internal location /_now-playing-status and passes on the
 * mount's title and listener count, nothing else. Rendered into the site by deploy/nginx/render.mjs.
 *
 *   200 {"title":"Bonds & Yields Hour","listeners":12}   the mount is on air (title null without metadata)
 *   503 {"title":null,"listeners":null}                   the station is down or the mount has no source
 */

/** Icecast lists a source as an object when it has one, an array when it has several. */
function sourcesOf(stats) {
  const icestats = stats && stats.icestats;
  if (!icestats || !icestats.source) return [];
  return Array.isArray(icestats.source) ? icestats.source : [icestats.source];
}

/** The mount's path in a listen URL such as http://127.0.0.1:8000/stream. */
function mountOf(source) {
  return typeof source.listenurl === "string" ? source.listenurl.replace(/^[a-z]+:\/\/[^/]*/i, "") : "";
}

function answer(r, status, body) {
  r.headersOut["Content-Type"] = "application/json; charset=utf-8";
  r.return(status, JSON.stringify(body));
}

async function nowPlaying(r) {
  const off = { title: null, listeners: null };
  let stats;
  try {
    const reply = await r.subrequest("/_now-playing-status", { args: r.variables.args || "" });
    if (reply.status !== 200) return answer(r, 503, off);
    stats = JSON.parse(reply.responseText);
  } catch (error) {
    r.error(`now playing: ${error}`);
    return answer(r, 503, off);
  }
  const mount = r.variables.cbg_station_mount;
  const source = sourcesOf(stats).find((candidate) => mountOf(candidate) === mount);
  if (!source) return answer(r, 503, off);
  const title = typeof source.title === "string" || typeof source.title === "number" ? String(source.title) : "";
  const listeners = Number(source.listeners);
  answer(r, 200, {
    title: title.trim() === "" ? null : title.trim().slice(0, 200),
    listeners: Number.isInteger(listeners) && listeners >= 0 ? listeners : null,
  });
}

export default { nowPlaying };
