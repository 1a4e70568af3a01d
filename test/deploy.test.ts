// deploy/: the compose files, parsed as Docker Compose reads them (YAML 1.1 merge keys, its
// !reset/!override tags), and the Caddyfile. No Docker engine runs here, so these checks read
// the files: Caddy is the one way in, every service restarts, the databases are private, the
// backups outlive `down -v`, the cluster file has three of each, and the app's variables exist.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// A dependency of @fastify/swagger (its YAML output), so always installed beside it.
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const deploy = join(import.meta.dirname, '..', 'deploy');
const read = (file: string) => readFileSync(join(deploy, file), 'utf8');

/** Compose's own tags, kept as markers so that the merge below can honour them. */
const composeTags = ['!reset', '!override'].map((tag) => ({
  tag,
  collection: undefined as never,
  identify: () => false,
  resolve: (value: unknown) => ({ [tag]: value }),
}));
const customTags = composeTags.flatMap((t) => [
  { ...t, collection: 'map' as const, resolve: (value: any) => ({ [t.tag]: value.toJSON() }) },
  { ...t, collection: 'seq' as const, resolve: (value: any) => ({ [t.tag]: value.toJSON() }) },
]);
const load = (file: string): any => parse(read(file), { merge: true, customTags, maxAliasCount: -1 });

/** Compose's merge of an override file onto a base (docs.docker.com/reference/compose-file/merge). */
function merge(base: any, over: any): any {
  if (over && typeof over === 'object' && '!override' in over) return over['!override'];
  if (over && typeof over === 'object' && '!reset' in over) return undefined;
  if (Array.isArray(base) && Array.isArray(over)) return [...new Set([...base, ...over])];
  if (isMap(base) && isMap(over)) {
    const out: any = { ...base };
    for (const [key, value] of Object.entries(over)) out[key] = merge(base[key], value);
    return out;
  }
  return over;
}
const isMap = (v: unknown) => !!v && typeof v === 'object' && !Array.isArray(v);

const compose = load('compose.yaml');
const cluster = merge(compose, load('compose.cluster.yaml'));
const caddyfile = read('Caddyfile');
const config = readFileSync(join(import.meta.dirname, '..', 'api', 'config.ts'), 'utf8');
/** The secrets the app reads from NAME_FILE (api/secretFiles.ts). */
const secretFiles = readFileSync(join(import.meta.dirname, '..', 'api', 'secretFiles.ts'), 'utf8');
const reads = (name: string) =>
  new RegExp(`\\b${name}\\b`).test(config) ||
  new RegExp(`'${name.replace(/_FILE$/, '')}'`).test(/SECRET_FILE_VARIABLES = \[[^\]]*\]/.exec(secretFiles)![0]);

const services = (file: any) => Object.entries<any>(file.services);
/** The services a plain `up` starts (no profile). */
const started = (file: any) => services(file).filter(([, s]) => !s.profiles?.length);
const appServices = (file: any) => started(file).filter(([name]) => name === 'worker' || name.startsWith('api-'));

describe('deploy/compose.yaml', () => {
  it('publishes ports only for Caddy: the API and the databases are reachable inside the compose network only', () => {
    const publishing = services(compose).filter(([, s]) => s.ports?.length);
    expect(publishing.map(([name]) => name)).toEqual(['caddy']);
    expect(compose.services.caddy.ports).toEqual(['80:80', '443:443', '443:443/udp']);
  });

  it('restarts every service when its process exits', () => {
    for (const [name, service] of [...services(compose), ...started(cluster)])
      expect(service.restart, name).toBe('unless-stopped');
  });

  it('runs two or more API processes behind Caddy and one worker, trusting the one proxy hop', () => {
    const apis = appServices(compose).filter(([name]) => name.startsWith('api-'));
    expect(apis.length).toBeGreaterThanOrEqual(2);
    for (const [name, api] of apis) {
      expect(api.environment.RUN_REACTORS, name).toBe('0');
      expect(api.environment.TRUST_PROXY, name).toBe('1');
    }
    expect(compose.services.worker.environment.RUN_REACTORS).toBe('1');
  });

  it('passes the app only variables it reads, the watchdog and alert bounds among them', () => {
    const env = compose.services.worker.environment;
    for (const name of ['STORE_UNREACHABLE_EXIT_MS', 'REACTOR_STALL_EXIT_MS', 'ALERT_LAG', 'ALERT_DUE_SECONDS'])
      expect(env, name).toHaveProperty(name);
    for (const name of Object.keys(env)) expect(reads(name), name).toBe(true);
  });

  it('runs MongoDB with authentication and the API signs in as a user of its own databases, not as root', () => {
    const mongo = compose.services.mongo;
    const entrypoint = mongo.entrypoint.join(' ');
    expect(entrypoint).toContain('--auth');
    // The administrator is root, from a secret; the app's user is another, made by the init script.
    expect(mongo.environment.MONGO_INITDB_ROOT_USERNAME).toBe('${MONGO_ROOT_USER:-root}');
    expect(mongo.environment.MONGO_INITDB_ROOT_PASSWORD_FILE).toBe('/tmp/mongo-root-password');
    expect(entrypoint).toContain(
      'install -o 999 -g 999 -m 400 /run/secrets/mongo_root_password /tmp/mongo-root-password',
    );
    expect(mongo.environment).not.toHaveProperty('MONGO_INITDB_ROOT_PASSWORD');
    expect(mongo.volumes).toContain('./mongo-init:/docker-entrypoint-initdb.d:ro');
    expect(mongo.environment.MONGO_USER).toBe('${MONGO_USER:-pizzakiosken}');
    const init = read('mongo-init/app-user.sh');
    expect(init).toContain('{ role: "readWrite", db }');
    expect(init).toMatch(/process\.env\.MONGODB_DB, process\.env\.MONGODB_KEYS_DB/);
    expect(init).not.toMatch(/role: "(root|readWriteAnyDatabase|userAdmin\w*|dbOwner|clusterAdmin)"/);
    expect(init).not.toMatch(/-p |--password/);
    for (const [name, app] of appServices(compose)) {
      expect(app.environment.MONGODB_URL, name).toBe(
        'mongodb://${MONGO_USER:-pizzakiosken}@mongo:27017/?replicaSet=rs0&authSource=admin',
      );
      expect(app.environment.MONGODB_PASSWORD_FILE, name).toBe('/run/secrets/mongo_password');
    }
  });

  it('passes the secrets as files (Compose secrets), never in the environment', () => {
    const files = {
      SESSION_SECRET_FILE: 'session_secret',
      ADMIN_PASSWORD_FILE: 'admin_password',
      SMTP_PASSWORD_FILE: 'smtp_password',
      MONGODB_PASSWORD_FILE: 'mongo_password',
      BACKUP_PASSPHRASE_FILE: 'backup_passphrase',
    };
    for (const [name, app] of [...appServices(compose), ...appServices(cluster)]) {
      for (const [variable, secret] of Object.entries(files)) {
        expect(app.environment[variable], `${name} ${variable}`).toMatch(new RegExp(`/run/secrets/${secret}}?$`));
        expect(app.secrets, name).toContain(secret);
        expect(app.environment, name).not.toHaveProperty(variable.replace(/_FILE$/, ''));
      }
      // The relay's URL names the user only.
      expect(app.environment.SMTP_URL, name).toContain('smtps://user@smtp.example.se');
      expect(Object.values(app.environment).join(' '), name).not.toMatch(
        /MONGO_PASSWORD\}|SESSION_SECRET\}|ADMIN_PASSWORD\}/,
      );
    }
    const gitignore = read('.gitignore');
    for (const secret of [...Object.values(files), 'mongo_root_password']) {
      expect(compose.secrets[secret], secret).toBeDefined();
      expect(gitignore, secret).toMatch(new RegExp(`^${secret}$`, 'm'));
    }
  });

  it('keeps the backups in an external volume, which `docker compose down -v` does not remove', () => {
    expect(compose.services.worker.volumes).toContain('backups:/backups');
    expect(compose.volumes.backups).toEqual({ external: true, name: '${BACKUP_VOLUME:-pizzakiosken-backups}' });
  });
});

describe('deploy/backup.sh and the restore drill', () => {
  const backup = read('backup.sh');
  const audit = read('audit-export.sh');
  const smoke = read('smoke.sh');
  const guide = read('README.md');

  it('gives every app process BACKUP_DIR on the external volume and the passphrase as a Compose secret, on one node and on the cluster', () => {
    for (const [name, app] of [...appServices(compose), ...appServices(cluster)]) {
      expect(app.volumes, name).toContain('backups:/backups');
      expect(app.environment.BACKUP_DIR, name).toBe('/backups');
      expect(app.environment.BACKUP_PASSPHRASE_FILE, name).toBe('/run/secrets/backup_passphrase');
      expect(app.environment, name).not.toHaveProperty('BACKUP_PASSPHRASE');
      expect(app.secrets, name).toContain('backup_passphrase');
    }
    expect(compose.secrets.backup_passphrase).toEqual({ file: '${BACKUP_PASSPHRASE_SECRET:-./backup_passphrase}' });
    expect(read('.gitignore')).toMatch(/^backup_passphrase$/m);
  });

  it("takes the app's encrypted archive (events and key store) into /backups under the scheduled backups' name, never a plain export", () => {
    expect(backup).toContain('in_worker node dist/scripts/backup.js "/backups/$name"');
    // date -u +%Y%m%dT%H%M%S%3NZ gives api/backup/schedule.ts's backupName: the worker's rotation covers it.
    expect(backup).toContain('name="pizzakiosken-$(date -u +%Y%m%dT%H%M%S%3NZ).backup"');
    expect(backup).not.toMatch(/eventsExport|openssl/);
  });

  it("keeps the auditors' plain export apart, 0600 in /backups/audit", () => {
    expect(audit).toContain('dist/scripts/eventsExport.js "$file"');
    expect(audit).toContain('file="/backups/audit/');
    expect(audit).toContain('umask 077');
  });

  it('has the restore drill restore that archive into empty stores, in the guide and in the smoke run', () => {
    expect(guide).toMatch(/worker node dist\/scripts\/restore\.js \/backups\/pizzakiosken-\S+\.backup --by /);
    expect(guide).toContain('docker compose up -d --wait eventstore mongo');
    expect(smoke).toContain('worker node dist/scripts/backup.js /backups/drill.backup');
    expect(smoke).toContain('worker node dist/scripts/restore.js /backups/drill.backup');
  });
});

describe('deploy/README.md: the upgrade and the state MongoDB holds (issue 44, item 7)', () => {
  const guide = read('README.md');
  const upgrade = guide.slice(guide.indexOf('## Upgrade'), guide.indexOf('## Smoke test'));

  it('copies no mail state inside MONGODB_DB (it lives in MONGODB_KEYS_DB) and moves an older release’s with its claims', () => {
    expect(upgrade).not.toMatch(/mail_log_v1\.find|_leases\.find|_checkpoints\.find/);
    expect(upgrade).toContain('node dist/scripts/moveReactorState.js');
    expect(upgrade).toMatch(/per-item claims\) lives in\s+`MONGODB_KEYS_DB`/);
  });

  it('never calls mongo-data rebuildable: it holds the only copy of the keys and the outbox', () => {
    expect(guide).not.toMatch(/mongo-data`? \(rebuildable\)/);
    const row = guide.split('\n').find((line) => line.startsWith('| `mongo` |'))!;
    expect(row).toContain('not rebuildable');
    expect(row).toContain('MONGODB_KEYS_DB');
  });
});

describe('deploy/Caddyfile', () => {
  it("serves the site's domain from SITE_DOMAIN, which compose passes to Caddy, with the Caddyfile mounted", () => {
    expect(caddyfile).toMatch(/^\{\$SITE_DOMAIN\} \{$/m);
    expect(compose.services.caddy.environment).toHaveProperty('SITE_DOMAIN');
    expect(compose.services.caddy.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
  });

  it('balances over exactly the API services of compose.yaml, health-checked on /api/ready', () => {
    const upstreams = /^\tto (.+)$/m.exec(caddyfile)![1].split(' ');
    const apis = appServices(compose).filter(([name]) => name.startsWith('api-'));
    expect(upstreams.sort()).toEqual(apis.map(([name]) => `${name}:3000`).sort());
    expect(caddyfile).toMatch(/^\thealth_uri \/api\/ready$/m);
    expect(caddyfile).toMatch(/^\tlb_policy /m);
  });

  it('never buffers the live event stream', () => {
    const live = /@live path (\S+)\n\treverse_proxy @live \{([^}]*)\}/.exec(caddyfile);
    expect(live).not.toBeNull();
    expect(live![2]).toContain('flush_interval -1');
    expect(live![2]).toContain('import upstreams');
    // The path is the app's server-sent event route (test/smokeRoutes.test.ts checks it is served).
    expect(live![1]).toBe('/api/admin/live');
  });
});

describe('deploy/compose.cluster.yaml on top of compose.yaml', () => {
  const nodes = started(cluster).filter(([name]) => name.startsWith('kurrentdb-'));
  const members = started(cluster).filter(([name]) => name.startsWith('mongo-'));

  it('replaces the single node and member by three KurrentDB nodes and three MongoDB members', () => {
    expect(started(cluster).map(([name]) => name)).not.toContain('eventstore');
    expect(started(cluster).map(([name]) => name)).not.toContain('mongo');
    expect(nodes).toHaveLength(3);
    expect(members).toHaveLength(3);
  });

  it('forms one KurrentDB cluster of three: each node seeds its gossip with the other two', () => {
    const names = nodes.map(([name]) => name);
    for (const [name, node] of nodes) {
      expect(node.environment.KURRENTDB_CLUSTER_SIZE, name).toBe('3');
      const seeds = node.environment.KURRENTDB_GOSSIP_SEED.split(',').map((seed: string) => seed.split(':')[0]);
      expect(seeds.sort(), name).toEqual(names.filter((other) => other !== name).sort());
      expect(node.environment.KURRENTDB_NODE_HOST_ADVERTISE_AS, name).toBe(name);
      expect(node.volumes[0], name).toMatch(new RegExp(`^${name}-data:`));
    }
  });

  it('initiates one replica set of the three members, sharing one key file', () => {
    const init = cluster.services['mongo-1'].healthcheck.test.join(' ');
    for (const [name, member] of members) {
      expect(init, name).toContain(`host: '${name}:27017'`);
      expect(member.secrets, name).toEqual(['mongo-keyfile', 'mongo_root_password', 'mongo_password']);
      expect(member.entrypoint.join(' '), name).toContain('--replSet rs0');
    }
    expect(cluster.secrets['mongo-keyfile']).toEqual({ file: './mongo-keyfile' });
    // The administrator and the app's user only on the member the set is initiated from.
    expect(cluster.services['mongo-1'].environment.MONGO_INITDB_ROOT_PASSWORD_FILE).toBe('/tmp/mongo-root-password');
    expect(cluster.services['mongo-1'].volumes).toContain('./mongo-init:/docker-entrypoint-initdb.d:ro');
    for (const name of ['mongo-2', 'mongo-3']) expect(cluster.services[name].environment, name).toBeUndefined();
  });

  it('points every app process at all three of each, waiting for them instead of the single ones', () => {
    for (const [name, app] of appServices(cluster)) {
      expect(app.environment.EVENTSTORE_URL, name).toBe(
        'esdb+discover://kurrentdb-1:2113,kurrentdb-2:2113,kurrentdb-3:2113?tls=false&nodePreference=leader',
      );
      expect(app.environment.MONGODB_URL, name).toBe(
        'mongodb://${MONGO_USER:-pizzakiosken}@mongo-1:27017,mongo-2:27017,mongo-3:27017/?replicaSet=rs0&authSource=admin',
      );
      expect(Object.keys(app.depends_on).sort(), name).toEqual([
        'kurrentdb-1',
        'kurrentdb-2',
        'kurrentdb-3',
        'mongo-1',
      ]);
      // The rest of the app's settings still come from compose.yaml.
      expect(app.environment.TRUST_PROXY, name).toBe('1');
    }
  });
});
