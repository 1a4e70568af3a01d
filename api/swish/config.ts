// Swish Handel (the Swish Commerce API, issue 49): its settings from the environment
// (docs/configuration.md), read and checked with the rest at start (api/config.ts). Swish is off
// unless SWISH_PAYEE is set; then the client certificate (PEM files, or a PKCS#12 file with its
// passphrase) must be readable and whole, and the callback URL HTTPS (Swish calls back over
// HTTPS on port 443 only: developer.swish.nu, "Setup", "Callback"). The certificate's subject and
// end are read here once, for the admin page and the expiry alert (rule: swish-certificate); the
// key is never shown or logged.
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';

/** Swish's production API (Swish Commerce API; the test simulator is https://mss.cpc.getswish.net/swish-cpcapi). */
export const SWISH_PRODUCTION_URL = 'https://cpc.getswish.net/swish-cpcapi';

/** The callback's path on the kiosk's own site. */
export const SWISH_CALLBACK_PATH = '/api/swish/callback';

export type SwishCredentials =
  { kind: 'pem'; cert: Buffer; key: Buffer } | { kind: 'pfx'; pfx: Buffer; passphrase: string };

export interface SwishCertificateInfo {
  /** The subject as one line, e.g. "CN=1231181189, O=Pizzakiosken AB". */
  subject: string;
  issuer: string;
  validFrom: Date;
  validTo: Date;
  /** SHA-256 fingerprint, as openssl prints it. */
  fingerprint256: string;
}

export interface SwishConfig {
  /** The API's base, without a trailing slash (SWISH_API_URL). */
  apiUrl: string;
  /** The merchant's Swish number (SWISH_PAYEE): 123 and seven digits. */
  payee: string;
  credentials: SwishCredentials;
  /** The root Swish's server certificate chains to (SWISH_CA_FILE); null: Node's own roots. */
  ca: Buffer | null;
  /** Where Swish calls back (SWISH_CALLBACK_URL, or from SITE_DOMAIN or an https PUBLIC_URL). */
  callbackUrl: string;
  certificate: SwishCertificateInfo;
  /** Which files were named, for the admin page (paths, never contents). */
  files: { cert: string | null; key: string | null; pfx: string | null; ca: string | null };
}

const SWISH_VARIABLES = [
  'SWISH_API_URL',
  'SWISH_CERT_FILE',
  'SWISH_KEY_FILE',
  'SWISH_PFX_FILE',
  'SWISH_PASSPHRASE_FILE',
  'SWISH_CA_FILE',
  'SWISH_CALLBACK_URL',
];

/** A Swish Handel number: 123 followed by seven digits (Swish's merchant numbers). */
const PAYEE = /^123\d{7}$/;

/**
 * SWISH_PAYEE and the rest, or null when Swish is off. Problems are reported like the rest of the
 * configuration's, one line per variable.
 */
export function swishConfigFrom(
  env: NodeJS.ProcessEnv,
  bad: (name: string, expected: string) => void,
  publicUrl: string,
): SwishConfig | null {
  const value = (name: string) => (env[name] ?? '').trim();
  const payee = value('SWISH_PAYEE').replace(/[\s-]/g, '');
  if (!value('SWISH_PAYEE')) {
    const stray = SWISH_VARIABLES.filter((name) => value(name) !== '');
    for (const name of stray) bad(name, 'is set without SWISH_PAYEE: set SWISH_PAYEE to turn Swish on, or remove it');
    return null;
  }
  if (!PAYEE.test(payee)) bad('SWISH_PAYEE', 'expected the merchant Swish number: 123 and seven digits (1231234567)');

  const apiUrl = (value('SWISH_API_URL') || SWISH_PRODUCTION_URL).replace(/\/+$/, '');
  if (!/^https:\/\/\S+$/.test(apiUrl)) bad('SWISH_API_URL', 'expected an https:// URL');

  const read = (name: string, what: string): Buffer | null => {
    try {
      return readFileSync(value(name));
    } catch {
      bad(name, `expected a readable file holding ${what}`);
      return null;
    }
  };
  const credentials = credentialsFrom(value, read, bad);
  const ca = value('SWISH_CA_FILE') ? read('SWISH_CA_FILE', "the root certificate of Swish's server (PEM)") : null;
  if (ca && !isPemCertificate(ca)) bad('SWISH_CA_FILE', 'expected a PEM certificate (-----BEGIN CERTIFICATE-----)');

  const callbackUrl = callbackUrlFrom(env, publicUrl);
  if (!callbackUrl)
    bad(
      'SWISH_CALLBACK_URL',
      'expected an https:// URL Swish can call back (set it, or SITE_DOMAIN, or an https:// PUBLIC_URL)',
    );
  else if (!/^https:\/\/[^\s/:]+(:443)?\/\S*$/.test(callbackUrl))
    bad('SWISH_CALLBACK_URL', 'expected an https:// URL on port 443 (Swish calls back there only)');

  const certificate = credentials ? certificateOf(credentials, bad) : null;
  if (!credentials || !certificate || !callbackUrl) return null;
  return {
    apiUrl,
    payee,
    credentials,
    ca,
    callbackUrl,
    certificate,
    files: {
      cert: value('SWISH_CERT_FILE') || null,
      key: value('SWISH_KEY_FILE') || null,
      pfx: value('SWISH_PFX_FILE') || null,
      ca: value('SWISH_CA_FILE') || null,
    },
  };
}

/** PEM certificate and key files, or a PKCS#12 file with a file holding its passphrase: one of the two. */
function credentialsFrom(
  value: (name: string) => string,
  read: (name: string, what: string) => Buffer | null,
  bad: (name: string, expected: string) => void,
): SwishCredentials | null {
  const pem = value('SWISH_CERT_FILE') !== '' || value('SWISH_KEY_FILE') !== '';
  const pfx = value('SWISH_PFX_FILE') !== '' || value('SWISH_PASSPHRASE_FILE') !== '';
  if (pem && pfx) {
    bad('SWISH_PFX_FILE', 'is set beside SWISH_CERT_FILE/SWISH_KEY_FILE: give the certificate one way, not both');
    return null;
  }
  if (pem) {
    for (const name of ['SWISH_CERT_FILE', 'SWISH_KEY_FILE'])
      if (!value(name)) bad(name, 'is needed with the other: set SWISH_CERT_FILE and SWISH_KEY_FILE');
    if (!value('SWISH_CERT_FILE') || !value('SWISH_KEY_FILE')) return null;
    const cert = read('SWISH_CERT_FILE', 'the client certificate from Swish Certificate Management (PEM)');
    const key = read('SWISH_KEY_FILE', "the client certificate's private key (PEM)");
    return cert && key ? { kind: 'pem', cert, key } : null;
  }
  if (pfx) {
    for (const name of ['SWISH_PFX_FILE', 'SWISH_PASSPHRASE_FILE'])
      if (!value(name)) bad(name, 'is needed with the other: set SWISH_PFX_FILE and SWISH_PASSPHRASE_FILE');
    if (!value('SWISH_PFX_FILE') || !value('SWISH_PASSPHRASE_FILE')) return null;
    const file = read('SWISH_PFX_FILE', 'the client certificate and key (PKCS#12, .p12 or .pfx)');
    const passphrase = read('SWISH_PASSPHRASE_FILE', "the PKCS#12 file's passphrase");
    // As the other *_FILE secrets: the last newline is dropped (api/secretFiles.ts).
    return file && passphrase
      ? { kind: 'pfx', pfx: file, passphrase: passphrase.toString('utf8').replace(/\r?\n$/, '') }
      : null;
  }
  bad(
    'SWISH_CERT_FILE',
    'expected the client certificate: SWISH_CERT_FILE and SWISH_KEY_FILE, or SWISH_PFX_FILE and SWISH_PASSPHRASE_FILE',
  );
  return null;
}

/** The callback URL: SWISH_CALLBACK_URL, or https://SITE_DOMAIN/api/swish/callback, or an https PUBLIC_URL's. */
function callbackUrlFrom(env: NodeJS.ProcessEnv, publicUrl: string): string | null {
  const given = (env.SWISH_CALLBACK_URL ?? '').trim();
  if (given) return given;
  const domain = (env.SITE_DOMAIN ?? '').trim().replace(/\/+$/, '');
  if (domain) return `https://${domain}${SWISH_CALLBACK_PATH}`;
  return publicUrl.startsWith('https://') ? `${publicUrl.replace(/\/+$/, '')}${SWISH_CALLBACK_PATH}` : null;
}

const isPemCertificate = (pem: Buffer) => {
  try {
    new X509Certificate(pem);
    return true;
  } catch {
    return false;
  }
};

/** The client certificate's subject and dates; a key that is not the certificate's is refused. */
function certificateOf(
  credentials: SwishCredentials,
  bad: (name: string, expected: string) => void,
): SwishCertificateInfo | null {
  if (credentials.kind === 'pem') {
    let cert: X509Certificate;
    try {
      cert = new X509Certificate(credentials.cert);
    } catch {
      bad('SWISH_CERT_FILE', 'expected a PEM certificate (-----BEGIN CERTIFICATE-----)');
      return null;
    }
    try {
      if (!cert.checkPrivateKey(createPrivateKey(credentials.key))) {
        bad('SWISH_KEY_FILE', "is not the private key of SWISH_CERT_FILE's certificate");
        return null;
      }
    } catch {
      bad('SWISH_KEY_FILE', 'expected an unencrypted PEM private key (-----BEGIN PRIVATE KEY-----)');
      return null;
    }
    return infoOf(cert);
  }
  // Node reads PKCS#12 only into a TLS context: the certificate is the one such a socket would present.
  let context: tls.SecureContext;
  try {
    context = tls.createSecureContext({ pfx: credentials.pfx, passphrase: credentials.passphrase });
  } catch {
    bad('SWISH_PFX_FILE', 'could not be opened with the passphrase of SWISH_PASSPHRASE_FILE (PKCS#12 expected)');
    return null;
  }
  const socket = new tls.TLSSocket(new net.Socket(), { secureContext: context });
  try {
    const raw = socket.getCertificate();
    if (!raw || !('raw' in raw)) {
      bad('SWISH_PFX_FILE', 'holds no client certificate');
      return null;
    }
    return infoOf(new X509Certificate(raw.raw));
  } finally {
    socket.destroy();
  }
}

const infoOf = (cert: X509Certificate): SwishCertificateInfo => ({
  subject: cert.subject.split('\n').join(', '),
  issuer: cert.issuer.split('\n').join(', '),
  validFrom: new Date(cert.validFrom),
  validTo: new Date(cert.validTo),
  fingerprint256: cert.fingerprint256,
});
