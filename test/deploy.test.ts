// deploy/compose.yaml: only the API is published (on loopback, for the reverse proxy); the
// databases are reachable only inside the compose network, MongoDB with a user.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const compose = readFileSync(join(import.meta.dirname, '..', 'deploy', 'compose.yaml'), 'utf8');

/** The text of one top-level service block (two-space indented key under services:). */
function service(name: string): string {
  const start = compose.indexOf(`\n  ${name}:\n`);
  expect(start, name).toBeGreaterThan(0);
  const rest = compose.slice(start + 1);
  const end = rest.slice(1).search(/\n {2}[a-z-]+:\n|\n[a-z]/);
  return end < 0 ? rest : rest.slice(0, end + 1);
}

/** The API's settings: its own block plus the shared app settings it merges (<<: *env). */
function apiSettings(): string {
  const own = service('api');
  const shared = compose.slice(compose.indexOf('\nx-app:'), compose.indexOf('\nservices:'));
  return own.includes('<<: *env') ? own + shared : own;
}

describe('deploy/compose.yaml', () => {
  it('publishes no database port', () => {
    expect(service('eventstore')).not.toMatch(/^\s+ports:/m);
    expect(service('mongo')).not.toMatch(/^\s+ports:/m);
  });

  it('runs MongoDB with authentication and the API signs in', () => {
    expect(service('mongo')).toContain('--auth');
    expect(service('mongo')).toContain('MONGO_INITDB_ROOT_PASSWORD');
    expect(apiSettings()).toMatch(
      /MONGODB_URL: mongodb:\/\/\$\{MONGO_USER[^}]*\}:\$\{MONGO_PASSWORD\}@mongo:27017\/\?replicaSet=rs0&authSource=admin/,
    );
  });

  it('publishes the API only, on loopback, trusting one proxy hop', () => {
    expect(compose.match(/^\s+ports:/gm)).toHaveLength(1);
    expect(service('api')).toMatch(/ports: \["127\.0\.0\.1:3000-3001:3000"\]/);
    expect(apiSettings()).toMatch(/TRUST_PROXY: "1"/);
  });
});
