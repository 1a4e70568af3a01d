// Reading environment variables for api/config.ts: each bad one reported once, with what it
// should be, into a list of problems that the caller turns into one error at the end.
import { withSecretFiles } from './secretFiles.js';

export interface EnvReader {
  /** The environment, with the secrets read from their files. */
  env: NodeJS.ProcessEnv;
  /** Every problem found so far, in the order found. */
  problems: string[];
  /** Reports a bad variable: its value and what was expected. */
  bad: (name: string, expected: string) => void;
  /** Whether a variable is set and not empty. */
  set: (name: string) => boolean;
  integer: (name: string, fallback: number, min: number, max?: number) => number;
  /** A URL with one of these schemes, or null when unset (or bad). */
  url: (name: string, schemes: string[]) => string | null;
  /** 1 (on) or 0 (off). */
  flag: (name: string, fallback?: boolean) => boolean;
}

export function envReader(given: NodeJS.ProcessEnv): EnvReader {
  // Secrets may come from files (NAME_FILE: Docker secrets), passwords into their URLs (api/secretFiles.ts).
  const { env, problems } = withSecretFiles(given);
  const bad = (name: string, expected: string) => {
    problems.push(`${name}=${JSON.stringify(env[name])}: ${expected}`);
  };
  const set = (name: string) => (env[name] ?? '') !== '';

  const integer = (name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) => {
    if (!set(name)) return fallback;
    const value = Number(env[name]);
    if (!/^\s*\d+\s*$/.test(env[name]!) || value < min || value > max) {
      bad(name, `expected a whole number from ${min} to ${max}`);
      return fallback;
    }
    return value;
  };
  const url = (name: string, schemes: string[]) => {
    if (!set(name)) return null;
    // Only the scheme is checked here: cluster URLs (mongodb://a,b,c/…) are no WHATWG URLs, and
    // each driver parses its own URL fully when it connects.
    const scheme = /^([a-z][a-z0-9+.-]*):\/\/\S+$/i.exec(env[name]!.trim())?.[1]?.toLowerCase();
    if (!scheme || !schemes.includes(scheme)) {
      bad(name, `expected a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')}`);
      return null;
    }
    return env[name]!;
  };
  const flag = (name: string, fallback = false) => {
    if (!set(name)) return fallback;
    if (env[name] !== '0' && env[name] !== '1') bad(name, 'expected 1 (on) or 0 (off)');
    return env[name] === '1';
  };
  return { env, problems, bad, set, integer, url, flag };
}
