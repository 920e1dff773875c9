/**
 * Global setup of npm run test:deploy: installs what is missing (Debian
 * packages, as root), builds the site, starts the Icecast test station and
 * nginx (plain HTTP and TLS) on loopback ports, and returns the teardown that
 * stops each of them by PID.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultStreamPort } from "../../deploy/nginx/render.mjs";
import { startStation, stopStation } from "../../deploy/station/station.mjs";
import {
  build,
  ensurePackages,
  pickPort,
  ROOT,
  selfSignedCertificate,
  startNginx,
  stopNginx,
  type DeployState,
} from "./servers";

export default async function globalSetup(): Promise<() => Promise<void>> {
  const log = (line: string) => console.log(line);
  const work = mkdtempSync(join(tmpdir(), "cbg-deploy-"));
  // nginx's workers and Icecast drop root for their own users, who must reach the build and the logs inside.
  chmodSync(work, 0o755);
  const stationDir = join(work, "station");
  const nginxDir = join(work, "nginx");
  const tlsDir = join(work, "nginx-tls");
  const teardown = async () => {
    await stopNginx(nginxDir);
    await stopNginx(tlsDir);
    await stopStation(stationDir);
    if (!process.env["DEPLOY_KEEP"]) rmSync(work, { recursive: true, force: true });
    else log(`deploy: kept ${work}`);
  };
  try {
    ensurePackages(log);
    const dist = process.env["DEPLOY_DIST"] ?? join(work, "dist");
    if (process.env["DEPLOY_SKIP_BUILD"]) {
      log(`deploy: using the existing build in ${dist}`);
    } else {
      log(`deploy: building into ${dist}`);
      build(dist);
    }
    const taken = new Set<number>();
    const stationPort = await pickPort(18076, taken);
    const httpPort = await pickPort(18080, taken);
    const tlsHttpPort = await pickPort(18081, taken);
    const httpsPort = await pickPort(18443, taken);
    const site = JSON.parse(readFileSync(join(ROOT, "content", "site.json"), "utf8")) as {
      radio?: { streamUrl?: string };
    };
    const streamPort = defaultStreamPort(site.radio?.streamUrl);

    const pids = await startStation({ dir: stationDir, port: stationPort });
    await startNginx({ dir: nginxDir, dist, httpPort, stationPort, streamPort });
    const tls = selfSignedCertificate(work);
    // The TLS variant also plays the station-side server of a site hosted elsewhere (the plain one).
    const streamCorsOrigin = `http://127.0.0.1:${httpPort}`;
    await startNginx({
      dir: tlsDir,
      dist,
      httpPort: tlsHttpPort,
      httpsPort,
      tls,
      stationPort,
      streamPort,
      streamCorsOrigin,
    });
    log(
      `deploy: nginx on http://127.0.0.1:${httpPort} (TLS: https://127.0.0.1:${httpsPort}), ` +
        `Icecast on 127.0.0.1:${stationPort} (PID ${pids.icecast}, source PID ${pids.source})`,
    );
    const state: DeployState = {
      dist,
      baseUrl: `http://127.0.0.1:${httpPort}`,
      tlsUrl: `https://127.0.0.1:${httpsPort}`,
      tlsRedirectUrl: `http://127.0.0.1:${tlsHttpPort}`,
      stationDir,
      stationPort,
      streamPort,
      work,
    };
    process.env["DEPLOY_STATE"] = JSON.stringify(state);
    return teardown;
  } catch (error) {
    await teardown();
    throw error;
  }
}
