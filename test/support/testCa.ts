// A certificate authority of the test's own (node-forge): a root, server certificates for
// 127.0.0.1/localhost, and client certificates as Swish Certificate Management issues them to a
// merchant (the Swish number as the subject's CN), as PEM and as PKCS#12. Keys are RSA 2048: a
// real Swish certificate's key is 4096 bits, which only makes the tests slower.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';

export interface TestCertificate {
  cert: string;
  key: string;
  /** PKCS#12 (certificate, key and the CA's certificate) under `passphrase`. */
  pfx(passphrase: string): Buffer;
}

export interface TestCa {
  cert: string;
  server(options?: { validDays?: number }): TestCertificate;
  client(options: { commonName: string; organisation?: string; validDays?: number; notAfter?: Date }): TestCertificate;
}

let serial = 1;
const nextSerial = () => (serial++).toString(16).padStart(2, '0');

export function makeTestCa(name = 'Pizzakiosken Test CA'): TestCa {
  const caKeys = forge.pki.rsa.generateKeyPair(2048);
  const caCert = forge.pki.createCertificate();
  caCert.publicKey = caKeys.publicKey;
  caCert.serialNumber = nextSerial();
  caCert.validity.notBefore = new Date(Date.now() - 86_400_000);
  caCert.validity.notAfter = new Date(Date.now() + 3650 * 86_400_000);
  const caName = [{ name: 'commonName', value: name }];
  caCert.setSubject(caName);
  caCert.setIssuer(caName);
  caCert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  ]);
  caCert.sign(caKeys.privateKey, forge.md.sha256.create());
  const caPem = forge.pki.certificateToPem(caCert);

  function issue(subject: forge.pki.CertificateField[], extensions: object[], notAfter: Date): TestCertificate {
    const keys = forge.pki.rsa.generateKeyPair(2048);
    const cert = forge.pki.createCertificate();
    cert.publicKey = keys.publicKey;
    cert.serialNumber = nextSerial();
    cert.validity.notBefore = new Date(Date.now() - 86_400_000);
    cert.validity.notAfter = notAfter;
    cert.setSubject(subject);
    cert.setIssuer(caCert.subject.attributes);
    cert.setExtensions(extensions);
    cert.sign(caKeys.privateKey, forge.md.sha256.create());
    return {
      cert: forge.pki.certificateToPem(cert),
      key: forge.pki.privateKeyToPem(keys.privateKey),
      pfx(passphrase) {
        const p12 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert, caCert], passphrase, { algorithm: '3des' });
        return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
      },
    };
  }

  return {
    cert: caPem,
    server({ validDays = 365 } = {}) {
      return issue(
        [{ name: 'commonName', value: 'localhost' }],
        [
          { name: 'basicConstraints', cA: false },
          { name: 'extKeyUsage', serverAuth: true },
          {
            name: 'subjectAltName',
            altNames: [
              { type: 2, value: 'localhost' },
              { type: 7, ip: '127.0.0.1' },
            ],
          },
        ],
        new Date(Date.now() + validDays * 86_400_000),
      );
    },
    client({ commonName, organisation = 'Pizzakiosken Test AB', validDays = 730, notAfter }) {
      return issue(
        [
          { name: 'commonName', value: commonName },
          { name: 'organizationName', value: organisation },
        ],
        [
          { name: 'basicConstraints', cA: false },
          { name: 'extKeyUsage', clientAuth: true },
        ],
        notAfter ?? new Date(Date.now() + validDays * 86_400_000),
      );
    },
  };
}

/**
 * The SWISH_* environment an operator sets for a merchant certificate of this CA, its files
 * written into `dir` (0600, as a mounted secret): Swish (the tests' own) at `url`, trusted
 * through the CA's root.
 */
export function swishEnvironment(
  dir: string,
  o: { ca: TestCa; merchant: TestCertificate; payee: string; url: string; callbackUrl?: string },
): Record<string, string> {
  const file = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content, { mode: 0o600 });
    return path;
  };
  return {
    SWISH_PAYEE: o.payee,
    SWISH_API_URL: o.url,
    SWISH_CERT_FILE: file('merchant.pem', o.merchant.cert),
    SWISH_KEY_FILE: file('merchant.key', o.merchant.key),
    SWISH_CA_FILE: file('swish-root.pem', o.ca.cert),
    SWISH_CALLBACK_URL: o.callbackUrl ?? 'https://kiosk.example.se/api/swish/callback',
  };
}
