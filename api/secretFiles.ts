// Secrets from files (Docker secrets: deploy/compose*.yaml mount each at /run/secrets/NAME), so
// that no password sits in the environment, in `docker inspect` or in .env. For each secret the
// variable itself or NAME_FILE, a file holding it (one line; its final newline dropped), never both:
//
// - SESSION_SECRET / SESSION_SECRET_FILE: the session cookies' signing secret;
// - ADMIN_PASSWORD / ADMIN_PASSWORD_FILE: the first admin's password (with ADMIN_EMAIL);
// - SMTP_PASSWORD / SMTP_PASSWORD_FILE: the relay's password, put into SMTP_URL, which then names
//   the user and no password (smtps://user@smtp.example.se);
// - MONGODB_PASSWORD / MONGODB_PASSWORD_FILE: the app's MongoDB password, put into MONGODB_URL,
//   which then names the user and no password (mongodb://pizzakiosken@mongo:27017/?…).
//
// (BACKUP_PASSPHRASE_FILE is read by api/config.ts itself.) The passwords are percent-encoded into
// the URLs, so any character may be in them; the drivers decode them. Problems name the variable,
// never the secret.
import { readFileSync } from 'node:fs';

/** The secrets that may come from a file (NAME_FILE). */
export const SECRET_FILE_VARIABLES = ['SESSION_SECRET', 'ADMIN_PASSWORD', 'SMTP_PASSWORD', 'MONGODB_PASSWORD'] as const;

/** The URL each password goes into, and the schemes it may have. */
const PASSWORD_URLS = {
  SMTP_PASSWORD: { url: 'SMTP_URL', schemes: ['smtp', 'smtps'] },
  MONGODB_PASSWORD: { url: 'MONGODB_URL', schemes: ['mongodb', 'mongodb+srv'] },
} as const;

/**
 * The environment with every NAME_FILE read into NAME and the passwords put into their URLs
 * (SMTP_PASSWORD and MONGODB_PASSWORD are then gone from it), and what was wrong.
 */
export function withSecretFiles(given: NodeJS.ProcessEnv): { env: NodeJS.ProcessEnv; problems: string[] } {
  const env: NodeJS.ProcessEnv = { ...given };
  const problems: string[] = [];
  const set = (name: string) => (env[name] ?? '') !== '';
  for (const name of SECRET_FILE_VARIABLES) {
    const file = `${name}_FILE`;
    if (!set(file)) continue;
    if (set(name)) {
      problems.push(`${file}: ${name} is set too: set one of them`);
      continue;
    }
    // Checked here, so that api/config.ts never has a password read from a file to echo.
    if (name === 'ADMIN_PASSWORD' && !set('ADMIN_EMAIL')) {
      problems.push(`${file}: is set without ADMIN_EMAIL: set both or neither`);
      continue;
    }
    try {
      const value = readFileSync(env[file]!, 'utf8').replace(/\r?\n$/, '');
      if (value === '') problems.push(`${file}=${JSON.stringify(env[file])}: the file is empty`);
      else env[name] = value;
    } catch {
      problems.push(`${file}=${JSON.stringify(env[file])}: expected a readable file holding ${name}`);
    }
  }
  for (const [name, { url: urlName, schemes }] of Object.entries(PASSWORD_URLS)) {
    if (!set(name)) continue;
    const password = env[name]!;
    delete env[name];
    const from = set(`${name}_FILE`) ? `${name}_FILE` : name;
    if (!set(urlName)) {
      problems.push(`${from}: needs ${urlName}, naming the user the password is for`);
      continue;
    }
    // scheme://user@rest: the user, no password of its own (a cluster URL's hosts follow the @).
    const parts = /^([a-z][a-z0-9+.-]*):\/\/([^:@/?#]+)@(.+)$/i.exec(env[urlName]!.trim());
    if (!parts || !(schemes as readonly string[]).includes(parts[1].toLowerCase())) {
      problems.push(
        `${from}: ${urlName} must be ${schemes.map((s) => `${s}://`).join(' or ')}user@host… (the user, no password) when the password comes from ${from}`,
      );
      continue;
    }
    env[urlName] = `${parts[1]}://${parts[2]}:${encodeURIComponent(password)}@${parts[3]}`;
  }
  return { env, problems };
}
