// Secrets as files (Docker secrets, deploy/compose.yaml): the configuration reader (api/config.ts
// through api/secretFiles.ts) takes SESSION_SECRET, ADMIN_PASSWORD, the SMTP password and the
// MongoDB password from NAME_FILE, puts the passwords into their URLs (percent-encoded), and
// names what is wrong without ever echoing a secret.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from '../../api/config.js';

const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-secret-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const secret = (name: string, value: string) => {
  const file = join(dir, name);
  writeFileSync(file, value, { mode: 0o600 });
  return file;
};

/** The problems a configuration has, as one text (ConfigError's lines). */
const problemsOf = (env: NodeJS.ProcessEnv) => {
  try {
    configFromEnv(env);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems.join('\n');
  }
};

describe('secrets from files (NAME_FILE)', () => {
  it('reads the session secret and the first admin’s password, dropping the final newline', () => {
    const config = configFromEnv({
      SESSION_SECRET_FILE: secret('session_secret', 'c2Vzc2lvbi1zZWNyZXQtb2YtMzItYnl0ZXMtYXQtbGVhc3Q=\n'),
      ADMIN_EMAIL: 'agare@pizzakiosken.se',
      ADMIN_PASSWORD_FILE: secret('admin_password', 'ett långt lösen med mellanslag\n'),
    });
    expect(config.sessionSecret).toBe('c2Vzc2lvbi1zZWNyZXQtb2YtMzItYnl0ZXMtYXQtbGVhc3Q=');
    expect(config.adminPassword).toBe('ett långt lösen med mellanslag');
  });

  it('puts the SMTP and MongoDB passwords into SMTP_URL and MONGODB_URL, percent-encoded (a cluster URL too)', () => {
    const config = configFromEnv({
      SMTP_URL: 'smtps://kiosken@smtp.example.se:465',
      SMTP_PASSWORD_FILE: secret('smtp_password', 'p@ss:w/rd?#%\n'),
      MONGODB_URL: 'mongodb://pizzakiosken@mongo-1:27017,mongo-2:27017/?replicaSet=rs0&authSource=pizzakiosken',
      MONGODB_PASSWORD_FILE: secret('mongo_password', 'hemligt+lösen/1\n'),
    });
    expect(config.smtpUrl).toBe(`smtps://kiosken:${encodeURIComponent('p@ss:w/rd?#%')}@smtp.example.se:465`);
    expect(config.mongoUrl).toBe(
      `mongodb://pizzakiosken:${encodeURIComponent('hemligt+lösen/1')}@mongo-1:27017,mongo-2:27017/?replicaSet=rs0&authSource=pizzakiosken`,
    );
    // What nodemailer and the MongoDB driver read back (they decode the user info).
    const url = new URL(config.smtpUrl!);
    expect(decodeURIComponent(url.password)).toBe('p@ss:w/rd?#%');
    expect(url.hostname).toBe('smtp.example.se');
    // The plain variable works the same way.
    expect(configFromEnv({ SMTP_URL: 'smtp://kiosken@relay:25', SMTP_PASSWORD: 'enkelt' }).smtpUrl).toBe(
      'smtp://kiosken:enkelt@relay:25',
    );
    // Without any of them, the URLs are taken as they are.
    expect(configFromEnv({ SMTP_URL: 'smtps://user:pass@smtp.example.se' }).smtpUrl).toBe(
      'smtps://user:pass@smtp.example.se',
    );
  });

  it('names what is wrong, never the secret: a missing or empty file, both set, a URL with no user or a password of its own', () => {
    const SECRET = 'aldrig-i-loggen-123';
    const file = secret('smtp_secret', `${SECRET}\n`);
    const problems = problemsOf({
      SESSION_SECRET_FILE: join(dir, 'no-such-file'),
      ADMIN_EMAIL: 'agare@pizzakiosken.se',
      ADMIN_PASSWORD: 'x',
      ADMIN_PASSWORD_FILE: file,
      SMTP_URL: 'smtps://user:other@smtp.example.se',
      SMTP_PASSWORD_FILE: file,
      MONGODB_URL: 'mongodb://mongo:27017/',
      MONGODB_PASSWORD_FILE: secret('empty', ''),
    });
    expect(problems).toContain('SESSION_SECRET_FILE=');
    expect(problems).toContain('expected a readable file holding SESSION_SECRET');
    expect(problems).toContain('ADMIN_PASSWORD_FILE: ADMIN_PASSWORD is set too');
    expect(problems).toContain('SMTP_PASSWORD_FILE: SMTP_URL must be smtp:// or smtps://user@host…');
    expect(problems).toContain('MONGODB_PASSWORD_FILE=');
    expect(problems).toContain('the file is empty');
    expect(problems).not.toContain(SECRET);

    expect(problemsOf({ MONGODB_URL: 'mongodb://mongo:27017/', MONGODB_PASSWORD_FILE: file })).toContain(
      'MONGODB_PASSWORD_FILE: MONGODB_URL must be mongodb:// or mongodb+srv://user@host…',
    );
    expect(problemsOf({ SMTP_PASSWORD_FILE: file })).toContain('SMTP_PASSWORD_FILE: needs SMTP_URL');
    const noEmail = problemsOf({ ADMIN_PASSWORD_FILE: file });
    expect(noEmail).toContain('ADMIN_PASSWORD_FILE: is set without ADMIN_EMAIL');
    expect(noEmail).not.toContain(SECRET);
  });
});
