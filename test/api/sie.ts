// An SIE 4 (4I) file read back as an accounting program reads it (the accounting tests' check).
import iconv from 'iconv-lite';

interface SieVerification {
  date: string;
  text: string;
  /** #VER's regdatum and sign, when the verification has them. */
  regdate?: string;
  sign?: string;
  trans: Array<{ account: string; cents: number }>;
}

/** Reads an SIE 4 file as an accounting program would: CP437, labels, fields, #VER blocks. */
export function parseSie(bytes: Buffer) {
  const text = iconv.decode(bytes, 'cp437');
  const fields = (line: string) =>
    [...line.matchAll(/"((?:[^"\\]|\\.)*)"|\{[^}]*\}|(\S+)/g)].map((m) =>
      m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[0],
    );
  const labels = new Map<string, string[]>();
  const accounts = new Map<string, string>();
  const verifications: SieVerification[] = [];
  let open: SieVerification | null = null;
  for (const raw of text.split('\r\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (line === '{' || line === '}') {
      if (line === '}') open = null;
      continue;
    }
    const [label, ...rest] = fields(line);
    if (label === '#KONTO') accounts.set(rest[0], rest[1]);
    else if (label === '#VER')
      verifications.push(
        (open = {
          date: rest[2],
          text: rest[3],
          ...(rest[4] !== undefined ? { regdate: rest[4], sign: rest[5] } : {}),
          trans: [],
        }),
      );
    else if (label === '#TRANS') {
      if (!open) throw new Error('#TRANS outside a #VER');
      const [whole, frac = ''] = rest[2].replace('-', '').split('.');
      const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
      open.trans.push({ account: rest[0], cents: rest[2].startsWith('-') ? -cents : cents });
    } else if (!labels.has(label)) labels.set(label, rest);
  }
  return { labels, accounts, verifications };
}
