#!/usr/bin/env node
/**
 * A radio station to test against, on loopback: Icecast (Debian icecast2)
 * serving /stream, fed by ezstream looping a generated 440 Hz tone (MP3,
 * encoded by lame). Every process it starts is recorded by PID in the state
 * directory and stopped by that PID.
 *
 *   node deploy/station/station.mjs start [--port 18076] [--dir /tmp/cbg-station]
 *   node deploy/station/station.mjs stop  [--dir /tmp/cbg-station]
 *
 * Debian packages: icecast2 ezstream lame.
 */
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const here = new URL("./", import.meta.url);
export const MOUNT = "/stream";
export const BITRATE_KBPS = 128;
/** The title the test station's source sends as its metadata (an ampersand, to check it arrives intact). */
export const STATION_TITLE = "Bonds & Yields Hour (440 Hz test tone)";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** True while the process runs (a zombie counts as gone). */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return true;
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
export async function stopPid(pid, graceMs = 5000) {
  if (!pid || !isAlive(pid)) return;
  try {
    process.kill(pid, "SIGTERM");
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(50);
  if (isAlive(pid)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      return;
    }
    while (isAlive(pid)) await sleep(50);
  }
}

const pidFile = (dir, name) => join(dir, `${name}.pid`);
const readPid = (dir, name) => {
  try {
    return Number(readFileSync(pidFile(dir, name), "utf8")) || undefined;
  } catch {
    return undefined;
  }
};

/** A mono 44.1 kHz 16-bit WAV of a 440 Hz sine, a whole number of cycles long so it loops without a click. */
export function toneWav(seconds = 4, frequency = 440, rate = 44100) {
  const samples = seconds * rate;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * i) / rate) * 0.3 * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8);
  header.write("fmt ", 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

function fill(template, values) {
  return readFileSync(new URL(template, here), "utf8").replace(/\{\{([A-Z_]+)\}\}/g, (_, key) => {
    if (!(key in values)) throw new Error(`${template} uses {{${key}}}, which has no value`);
    return values[key];
  });
}

/** uid and gid of a system user, or undefined. */
function systemUser(name) {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line) return undefined;
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

/** Icecast's status: listeners on /stream, or undefined while the mount has no source. */
export async function mountStatus(port) {
  const response = await fetch(`http://127.0.0.1:${port}/status-json.xsl`, { signal: AbortSignal.timeout(3000) });
  const { icestats } = await response.json();
  const sources = [icestats.source ?? []].flat();
  const mount = sources.find((source) => String(source.listenurl ?? "").endsWith(MOUNT));
  return mount ? { listeners: Number(mount.listeners ?? 0) } : undefined;
}

async function waitFor(what, check, timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (error) {
      last = error;
    }
    await sleep(100);
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s${last ? ` (${last.message})` : ""}`);
}

function launch(dir, name, command, args) {
  const log = openSync(join(dir, `${name}.log`), "a");
  const child = spawn(command, args, { cwd: dir, detached: true, stdio: ["ignore", log, log] });
  child.unref();
  writeFileSync(pidFile(dir, name), String(child.pid));
  return child.pid;
}

/** Starts Icecast on 127.0.0.1:port (it writes icecast.xml and its logs into dir). */
export async function startIcecast(dir, port) {
  const secrets = JSON.parse(readFileSync(join(dir, "secrets.json"), "utf8"));
  const owner = process.getuid?.() === 0 ? systemUser("icecast2") : undefined;
  const logs = join(dir, "icecast-logs");
  mkdirSync(logs, { recursive: true });
  if (owner) chownSync(logs, owner.uid, owner.gid);
  const config = join(dir, "icecast.xml");
  writeFileSync(
    config,
    fill("icecast.xml.template", {
      PORT: String(port),
      SOURCE_PASSWORD: secrets.source,
      ADMIN_PASSWORD: secrets.admin,
      LOG_DIR: logs,
      // Icecast refuses to run as root: it drops to Debian's icecast2 user once its port is bound.
      CHANGEOWNER: owner
        ? "    <changeowner><user>icecast2</user><group>icecast</group></changeowner>"
        : "    <!-- not root: runs as the current user -->",
    }),
    { mode: 0o600 },
  );
  const pid = launch(dir, "icecast", "icecast2", ["-c", config]);
  await waitFor(`Icecast on 127.0.0.1:${port}`, async () => {
    if (!isAlive(pid)) throw new Error(`icecast2 exited; see ${join(dir, "icecast.log")} and ${logs}/error.log`);
    return (await fetch(`http://127.0.0.1:${port}/status-json.xsl`)).ok;
  });
  return pid;
}

/** Starts ezstream feeding the tone to Icecast's /stream, and waits until the mount is live. */
export async function startSource(dir, port) {
  const secrets = JSON.parse(readFileSync(join(dir, "secrets.json"), "utf8"));
  const config = join(dir, "ezstream.xml");
  writeFileSync(
    config,
    fill("ezstream.xml.template", {
      PORT: String(port),
      SOURCE_PASSWORD: secrets.source,
      BITRATE: String(BITRATE_KBPS),
      TONE_FILE: join(dir, "tone.mp3"),
      META_PROGRAM: join(dir, "meta.sh"),
    }),
    { mode: 0o600 },
  );
  const pid = launch(dir, "ezstream", "ezstream", ["-c", config]);
  await waitFor(`the ${MOUNT} mount`, async () => {
    if (!isAlive(pid)) throw new Error(`ezstream exited; see ${join(dir, "ezstream.log")}`);
    return Boolean(await mountStatus(port));
  });
  return pid;
}

/** Generates the tone, then starts Icecast and its source. Returns the PIDs. */
export async function startStation({ dir, port }) {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755); // Icecast's own user must reach its log directory inside
  writeFileSync(
    join(dir, "secrets.json"),
    JSON.stringify({ source: randomBytes(12).toString("hex"), admin: randomBytes(12).toString("hex") }),
    { mode: 0o600 },
  );
  writeFileSync(join(dir, "tone.wav"), toneWav());
  writeFileSync(join(dir, "title.txt"), `${STATION_TITLE}\n`);
  // ezstream's metadata program: asked for the title (or the whole string) at every loop of the tone.
  writeFileSync(
    join(dir, "meta.sh"),
    `#!/bin/sh\ncase "$1" in artist|album) ;; *) cat ${JSON.stringify(join(dir, "title.txt"))} ;; esac\n`,
    { mode: 0o755 },
  );
  execFileSync("lame", ["--quiet", "--cbr", "-b", String(BITRATE_KBPS), "-m", "m", "tone.wav", "tone.mp3"], {
    cwd: dir,
  });
  writeFileSync(join(dir, "port"), String(port));
  const icecast = await startIcecast(dir, port);
  const source = await startSource(dir, port);
  return { icecast, source };
}

export const stopIcecast = (dir) => stopPid(readPid(dir, "icecast"));
export const stopSource = (dir) => stopPid(readPid(dir, "ezstream"));

/** Stops the source, then Icecast, by their recorded PIDs. */
export async function stopStation(dir) {
  await stopSource(dir);
  await stopIcecast(dir);
}

async function main() {
  const [command] = process.argv.slice(2);
  const { values } = parseArgs({
    args: process.argv.slice(3),
    options: { port: { type: "string", default: "18076" }, dir: { type: "string", default: "/tmp/cbg-station" } },
  });
  if (command === "start") {
    const pids = await startStation({ dir: values.dir, port: Number(values.port) });
    console.log(
      `station: Icecast (PID ${pids.icecast}) and ezstream (PID ${pids.source}) on http://127.0.0.1:${values.port}${MOUNT}`,
    );
  } else if (command === "stop") {
    await stopStation(values.dir);
    if (existsSync(values.dir)) rmSync(values.dir, { recursive: true, force: true });
    console.log("station: stopped");
  } else {
    console.error("usage: station.mjs start|stop [--port 18076] [--dir /tmp/cbg-station]");
    process.exitCode = 2;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
