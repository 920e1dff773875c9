/** curl, the way a client on the network sees nginx: status, headers and the body's bytes. */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface CurlResponse {
  /** "1.1", "2" … */
  version: string;
  status: number;
  /** Lower-cased names; a repeated header keeps every value. */
  headers: Map<string, string[]>;
  body: Buffer;
}

export function header(response: CurlResponse, name: string): string | undefined {
  return response.headers.get(name.toLowerCase())?.join(", ");
}

/** One request with curl; `args` adds options such as ["-H", "Accept-Encoding: br"]. */
export async function curl(url: string, args: string[] = []): Promise<CurlResponse> {
  const dir = mkdtempSync(join(tmpdir(), "cbg-curl-"));
  try {
    const bodyFile = join(dir, "body");
    const { stdout } = await run("curl", ["-sS", "--max-time", "10", "-D", "-", "-o", bodyFile, ...args, url], {
      maxBuffer: 1 << 20,
    }).catch((error: { stdout?: string; code?: number }) => {
      // 28: the --max-time ran out, which is how a live stream ends; keep what arrived.
      if (error.code === 28 && error.stdout) return { stdout: error.stdout };
      throw error;
    });
    // With -L or a 100-continue there are several header blocks: keep the last.
    const blocks = stdout.trim().split(/\r?\n\r?\n/);
    const lines = blocks[blocks.length - 1]!.split(/\r?\n/);
    const [, version = "", status = "0"] = /^HTTP\/([\d.]+) (\d{3})/.exec(lines[0] ?? "") ?? [];
    const headers = new Map<string, string[]>();
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(":");
      if (colon < 1) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
    }
    let body: Buffer;
    try {
      body = readFileSync(bodyFile);
    } catch {
      body = Buffer.alloc(0);
    }
    return { version, status: Number(status), headers, body };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
