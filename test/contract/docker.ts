// Decides whether a contract suite can reach a real server: a URL from the environment, or a
// Docker engine that answers for testcontainers. Otherwise the suite is skipped with the reason.
import { existsSync } from 'node:fs';
import { request } from 'node:http';

function dockerAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ socketPath, path: '/_ping', timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
    req.end();
  });
}

/** Why no server can be had, or null when one can (URL given or Docker engine answering). */
export async function serverUnavailableReason(urlVariable: string): Promise<string | null> {
  if (process.env[urlVariable]) return null;
  const host = process.env.DOCKER_HOST;
  if (host && !host.startsWith('unix://')) return null; // a remote engine: let testcontainers try it
  const socket = host?.replace('unix://', '') ?? '/var/run/docker.sock';
  if (existsSync(socket) && (await dockerAnswers(socket))) return null;
  return `no ${urlVariable} and no Docker engine answering at ${socket}`;
}
