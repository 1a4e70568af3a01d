// deploy/: the compose files, parsed as Docker Compose reads them (YAML 1.1 merge keys, its
// !reset/!override tags), and the Caddyfiles. No Docker engine runs here, so these checks read
// the files: the one-kiosk path (compose.yaml: Caddy and one app container on the embedded store)
// and the cluster path (compose.cluster.yaml: KurrentDB, MongoDB, API processes and a worker;
// compose.ha.yaml on top, three of each store). Caddy is the one way in, every service restarts
// and has its log rotated, the databases are private, the backups outlive `down -v`, every
// variable of docs/configuration.md reaches the app's containers, and the app's variables exist.
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

/** The one-kiosk path, the recommended one. */
const kiosk = load('compose.yaml');
/** The cluster path (several processes, KurrentDB and MongoDB), and three of each store on top. */
const compose = load('compose.cluster.yaml');
const cluster = merge(compose, load('compose.ha.yaml'));
const caddyfile = read('Caddyfile.cluster');
const kioskCaddyfile = read('Caddyfile');
const config = readFileSync(join(import.meta.dirname, '..', 'api', 'config.ts'), 'utf8');
/** The secrets the app reads from NAME_FILE (api/secretFiles.ts). */
const secretFiles = readFileSync(join(import.meta.dirname, '..', 'api', 'secretFiles.ts'), 'utf8');
const reads = (name: string) =>
  new RegExp(`\\b${name}\\b`).test(config) ||
  new RegExp(`'${name.replace(/_FILE$/, '')}'`).test(/SECRET_FILE_VARIABLES = \[[^\]]*\]/.exec(secretFiles)![0]);

const services = (file: any) => Object.entries<any>(file.services);
/** The services a plain `up` starts (no profile). */
const started = (file: any) => services(file).filter(([, s]) => !s.profiles?.length);
const appServices = (file: any) =>
  started(file).filter(([name]) => name === 'app' || name === 'worker' || name.startsWith('api-'));

describe('deploy/compose.cluster.yaml', () => {
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

/** The variables docs/configuration.md documents: the backticked names in its table's first column. */
const documented = [
  ...new Set(
    readFileSync(join(import.meta.dirname, '..', 'docs', 'configuration.md'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)(=[^`]*)?`/g)].map((m) => m[1])),
  ),
];

/**
 * Compose's interpolation of ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?error} and
 * ${NAME?error}, nested defaults included (docs.docker.com/reference/compose-file/interpolation);
 * an unset required variable throws its message.
 */
function interpolate(text: string, env: Record<string, string>): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith('$$', i)) {
      out += '$';
      i++;
    } else if (text.startsWith('${', i)) {
      let depth = 1;
      let j = i + 2;
      for (; j < text.length && depth > 0; j++) {
        if (text.startsWith('${', j)) {
          depth++;
          j++;
        } else if (text[j] === '}') depth--;
      }
      const inner = text.slice(i + 2, j - 1);
      const [, name, op = '', rest = ''] = /^([A-Za-z_][A-Za-z0-9_]*)(:?[-?])?([\s\S]*)$/.exec(inner)!;
      const value = env[name];
      const unset = value === undefined || (op.startsWith(':') && value === '');
      if (op.endsWith('?') && unset) throw new Error(`required: ${name} (${rest})`);
      out += op.endsWith('-') && unset ? interpolate(rest, env) : (value ?? '');
      i = j - 1;
    } else out += text[i];
  }
  return out;
}

/** What a service's container gets: its env_file .env, then its `environment`, interpolated from .env. */
function containerEnv(service: any, dotenv: Record<string, string>): Record<string, string> {
  const files = [service.env_file ?? []].flat().map((f: any) => (typeof f === 'string' ? f : f.path));
  const env: Record<string, string> = files.includes('.env') ? { ...dotenv } : {};
  for (const [name, value] of Object.entries(service.environment ?? {})) env[name] = interpolate(String(value), dotenv);
  return env;
}

/** A .env naming every documented variable, each with a value of its own. */
const everyVariable = Object.fromEntries(documented.map((name) => [name, `set-in-env-${name}`]));

describe('deploy/compose.yaml: one kiosk on one server (the recommended path)', () => {
  const app = kiosk.services.app;

  it('runs Caddy and one app container on the embedded store, and only Caddy publishes ports', () => {
    expect(
      started(kiosk)
        .map(([name]) => name)
        .sort(),
    ).toEqual(['app', 'caddy']);
    expect(
      services(kiosk)
        .filter(([, s]) => s.ports?.length)
        .map(([name]) => name),
    ).toEqual(['caddy']);
    expect(kiosk.services.caddy.ports).toEqual(['80:80', '443:443', '443:443/udp']);
    // The embedded default: no event store or MongoDB named, the reactors and backups in this process.
    expect(app.environment).not.toHaveProperty('EVENTSTORE_URL');
    expect(app.environment).not.toHaveProperty('MONGODB_URL');
    expect(app.environment).not.toHaveProperty('RUN_REACTORS');
    expect(app.environment.DATA_DIR).toBe('/data');
    expect(app.volumes).toContain('app-data:/data');
    expect(kiosk.volumes).toHaveProperty('app-data');
    for (const [name, service] of services(kiosk)) expect(service.restart, name).toBe('unless-stopped');
  });

  it('trusts the one proxy hop, derives PUBLIC_URL from SITE_DOMAIN and requires the relay, its sender and the owner', () => {
    expect(app.environment.TRUST_PROXY).toBe('1');
    const env = containerEnv(app, {
      SITE_DOMAIN: 'pizza.example.se',
      SMTP_URL: 'smtps://u@h',
      MAIL_FROM: 'a@b.se',
      ADMIN_EMAIL: 'a@b.se',
    });
    expect(env.PUBLIC_URL).toBe('https://pizza.example.se');
    for (const name of ['SITE_DOMAIN', 'SMTP_URL', 'MAIL_FROM', 'ADMIN_EMAIL']) {
      const dotenv: Record<string, string> = {
        SITE_DOMAIN: 'x.se',
        SMTP_URL: 'smtps://u@h',
        MAIL_FROM: 'a@b.se',
        ADMIN_EMAIL: 'a@b.se',
      };
      delete dotenv[name];
      expect(() => containerEnv(app, dotenv), name).toThrow(`required: ${name}`);
    }
  });

  it('takes scheduled encrypted backups into the external backups volume, the passphrase a secret', () => {
    expect(app.environment.BACKUP_DIR).toBe('/backups');
    expect(app.environment.BACKUP_PASSPHRASE_FILE).toBe('/run/secrets/backup_passphrase');
    expect(app.environment).not.toHaveProperty('BACKUP_PASSPHRASE');
    expect(app.volumes).toContain('backups:/backups');
    expect(kiosk.volumes.backups).toEqual({ external: true, name: '${BACKUP_VOLUME:-pizzakiosken-backups}' });
    for (const secret of ['backup_passphrase', 'admin_password', 'smtp_password']) {
      expect(app.secrets, secret).toContain(secret);
      expect(read('.gitignore'), secret).toMatch(new RegExp(`^${secret}$`, 'm'));
    }
    for (const name of Object.keys(app.environment)) expect(reads(name), name).toBe(true);
  });

  it('has Caddy serve SITE_DOMAIN in front of the app, the live stream unbuffered', () => {
    expect(kiosk.services.caddy.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(kiosk.services.caddy.environment).toHaveProperty('SITE_DOMAIN');
    expect(kioskCaddyfile).toMatch(/^\{\$SITE_DOMAIN\} \{$/m);
    expect(/^\tto (.+)$/m.exec(kioskCaddyfile)![1]).toBe('app:3000');
    const live = /@live path (\S+)\n\treverse_proxy @live \{([^}]*)\}/.exec(kioskCaddyfile);
    expect(live![1]).toBe('/api/admin/live');
    expect(live![2]).toContain('flush_interval -1');
  });
});

describe('every documented variable reaches the app, on both paths', () => {
  // What each path fixes on purpose (where the app listens, its folders, the proxy hop, the secrets'
  // files, the stores' addresses, which process sends): set in `environment`, not from .env.
  const fixed = new Set([
    'NODE_ENV',
    'PORT',
    'HOST',
    'DATA_DIR',
    'TRUST_PROXY',
    'BACKUP_DIR',
    'BACKUP_PASSPHRASE_FILE',
    'ADMIN_PASSWORD_FILE',
    'SESSION_SECRET_FILE',
    'MONGODB_PASSWORD_FILE',
    'EVENTSTORE_URL',
    'MONGODB_URL',
    'RUN_REACTORS',
  ]);

  it('reads the documented variables from docs/configuration.md', () => {
    expect(documented.length).toBeGreaterThan(40);
    for (const name of [
      'SMTP_URL',
      'MAIL_FROM',
      'SMS_46ELKS_USERNAME',
      'VAPID_SUBJECT',
      'LOG_REQUESTS',
      'ALERT_DISK_FREE_PERCENT',
    ])
      expect(documented, name).toContain(name);
  });

  it.each([
    ['compose.yaml', kiosk],
    ['compose.cluster.yaml', compose],
    ['compose.ha.yaml', cluster],
  ])('%s: every app container gets .env whole, and the value set there for each documented variable', (_file, file) => {
    const apps = appServices(file);
    expect(apps.length).toBeGreaterThan(0);
    for (const [name, service] of apps) {
      const env = containerEnv(service, everyVariable);
      for (const variable of documented) {
        expect(env, `${name} ${variable}`).toHaveProperty(variable);
        if (!fixed.has(variable)) expect(env[variable], `${name} ${variable}`).toBe(everyVariable[variable]);
      }
    }
  });

  it('rotates the log of every service on every path (json-file, bounded size and count)', () => {
    for (const [name, service] of [...services(kiosk), ...services(compose), ...started(cluster)]) {
      expect(service.logging?.driver, name).toBe('json-file');
      expect(service.logging.options['max-size'], name).toMatch(/^\d+[km]$/);
      expect(Number(service.logging.options['max-file']), name).toBeGreaterThan(1);
    }
  });
});

describe('deploy/.env.example and the secrets kept out of git', () => {
  const example = read('.env.example');
  const settings = Object.fromEntries(
    example
      .split('\n')
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

  it('sets every variable the one-kiosk compose file requires, MAIL_FROM among them', () => {
    const required = [...read('compose.yaml').matchAll(/\$\{([A-Z_]+):\?/g)].map((m) => m[1]);
    expect(required).toContain('MAIL_FROM');
    for (const name of required) expect(settings, name).toHaveProperty(name);
    expect(() => containerEnv(kiosk.services.app, settings)).not.toThrow();
    expect(() => interpolate(JSON.stringify(kiosk.services.caddy.environment), settings)).not.toThrow();
  });

  it('gives worked SMTP examples for one.com, Loopia and Gmail with the user percent-escaped', () => {
    for (const host of ['send.one.com', 'mailcluster.loopia.se', 'smtp.gmail.com'])
      expect(example).toMatch(new RegExp(`SMTP_URL=smtps://[a-z]+%40[a-z.]+@${host.replace(/\./g, '\\.')}:465`));
    expect(example).toMatch(/SPF/);
    expect(example).toMatch(/DKIM/);
    expect(example).toContain('SMS_46ELKS_USERNAME');
    expect(example).toContain('docker compose run --rm --no-deps app node dist/scripts/vapidKeys.js >> .env');
  });

  it('keeps .env out of git, in deploy/ and at the root', () => {
    expect(read('.gitignore')).toMatch(/^\.env$/m);
    expect(readFileSync(join(import.meta.dirname, '..', '.gitignore'), 'utf8')).toMatch(/^\.env$/m);
  });

  it("makes VAPID keys with the image's own script, as lines .env and the app's configuration take", async () => {
    const { spawnSync } = await import('node:child_process');
    const made = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, '..', 'scripts', 'vapidKeys.ts')],
      {
        encoding: 'utf8',
      },
    );
    expect(made.status).toBe(0);
    const keys = Object.fromEntries(
      made.stdout
        .trim()
        .split('\n')
        .map((line) => line.split('=') as [string, string]),
    );
    expect(Object.keys(keys)).toEqual(['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']);
    const { configFromEnv } = await import('../api/config.js');
    const config = configFromEnv(keys);
    expect(config.vapidPublicKey).toBe(keys.VAPID_PUBLIC_KEY);
    expect(config.vapidPrivateKey).toBe(keys.VAPID_PRIVATE_KEY);
  });
});

describe('deploy/backup.sh and the restore drill', () => {
  const backup = read('backup.sh');
  const audit = read('audit-export.sh');
  const smoke = read('smoke.sh');
  const guide = read('README.md');

  it('gives every app process BACKUP_DIR on the external volume and the passphrase as a Compose secret, on one node and on the cluster', () => {
    for (const [name, app] of [...appServices(kiosk), ...appServices(compose), ...appServices(cluster)]) {
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
    expect(backup).toContain('in_app node dist/scripts/backup.js "/backups/$name"');
    // date -u +%Y%m%dT%H%M%S%3NZ gives api/backup/schedule.ts's backupName: the worker's rotation covers it.
    expect(backup).toContain('name="pizzakiosken-$(date -u +%Y%m%dT%H%M%S%3NZ).backup"');
    expect(backup).not.toMatch(/eventsExport|openssl/);
  });

  it('copies the new archive and the erasure journal off-site, on either path', () => {
    expect(backup).toContain('in_app cat /backups/erasures.ndjson >"$dir/erasures.ndjson"');
    expect(backup).toContain('rsync -t "$dir/$name" "$dir/erasures.ndjson" "${BACKUP_OFFSITE%/}/"');
    // The one-kiosk app, or the cluster's worker.
    expect(backup).toContain('service=app');
    expect(backup).toContain('then service=worker; fi');
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

describe('deploy/smoke: beside a live kiosk', () => {
  it("gives the smoke's app containers none of the host's .env (a live kiosk's SMS account, relay, keys)", () => {
    const smoke = merge(compose, load('smoke/compose.smoke.yaml'));
    for (const [name, service] of appServices(smoke)) {
      expect(service.env_file ?? [], name).toEqual([]);
      expect(
        containerEnv(service, {
          SMS_46ELKS_USERNAME: 'live',
          SMS_46ELKS_PASSWORD: 'live',
          MAIL_FROM: 'a@b.se',
          SMTP_URL: 'smtp://x',
          ADMIN_EMAIL: 'a@b.se',
          SITE_DOMAIN: 'x',
          VAPID_PUBLIC_KEY: 'k',
          VAPID_PRIVATE_KEY: 'k',
        }),
        name,
      ).not.toHaveProperty('SMS_46ELKS_USERNAME');
    }
  });
});

describe('deploy/README.md: from an empty server to a kiosk taking orders (issue 46)', () => {
  const guide = read('README.md');
  const upgrade = guide.slice(guide.indexOf('## Upgrade'), guide.indexOf('## Smoke test'));

  it('gives every command of the one-kiosk path in order: DNS, Docker, clone, .env, secrets, up, sign-in, checklist, backups off-site', () => {
    const steps = [
      '**1. The name.**',
      'sh get-docker.sh',
      'git clone ',
      'cp .env.example .env',
      '> backup_passphrase',
      'docker volume create pizzakiosken-backups',
      'docker compose build',
      'node dist/scripts/vapidKeys.js >> .env',
      'docker compose up -d',
      '/admin',
      'Stängt tills allt är klart',
      './backup.sh',
      'crontab',
      '/api/ready',
    ];
    let at = guide.indexOf('## From an empty server to a kiosk taking orders');
    expect(at).toBeGreaterThan(0);
    for (const step of steps) {
      const next = guide.indexOf(step, at);
      expect(next, step).toBeGreaterThan(at);
      at = next;
    }
  });

  it('states the memory measured, and says to keep .env and the secret files off the server', () => {
    expect(guide).toMatch(/peak resident memory[\s\S]{0,400}10,000 bookings/);
    expect(guide).toMatch(/1 GB/);
    expect(guide).toMatch(/Copy `\.env` and the three secret files/);
  });

  it('upgrades both paths with their settings in .env, the version as the image tag, nothing on one command line', () => {
    expect(upgrade).toContain('### One kiosk');
    expect(upgrade).toContain('### The cluster path');
    expect(upgrade).toMatch(/PIZZAKIOSKEN_VERSION=1\.3\.0/);
    expect(upgrade).toContain('git fetch --tags && git checkout v1.3.0');
    // No VAR=value in front of a compose command, which the next plain `up -d` would forget.
    expect(upgrade).not.toMatch(/^\s*[A-Z_]+=\S*\s+docker compose/m);
    expect(upgrade).toContain("echo 'MONGODB_DB=pizzakiosken_v2' >> .env");
  });
});

describe('deploy/Caddyfile.cluster', () => {
  it("serves the site's domain from SITE_DOMAIN, which compose passes to Caddy, with the Caddyfile mounted", () => {
    expect(caddyfile).toMatch(/^\{\$SITE_DOMAIN\} \{$/m);
    expect(compose.services.caddy.environment).toHaveProperty('SITE_DOMAIN');
    expect(compose.services.caddy.volumes).toContain('./Caddyfile.cluster:/etc/caddy/Caddyfile:ro');
  });

  it('balances over exactly the API services of compose.cluster.yaml, health-checked on /api/ready', () => {
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

describe('deploy/compose.ha.yaml on top of compose.cluster.yaml', () => {
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
      // The rest of the app's settings still come from compose.cluster.yaml.
      expect(app.environment.TRUST_PROXY, name).toBe('1');
    }
  });
});
