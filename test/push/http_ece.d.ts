// http_ece (the Encrypted Content-Encoding web-push uses) ships no types: what the tests call.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  interface EceParams {
    version?: 'aes128gcm' | 'aesgcm' | 'aesgcm128';
    privateKey?: ECDH;
    authSecret?: string | Buffer;
    dh?: string | Buffer;
    key?: string | Buffer;
    salt?: string | Buffer;
    keyid?: string;
    rs?: number;
  }
  const ece: { decrypt(buffer: Buffer, params: EceParams): Buffer; encrypt(buffer: Buffer, params: EceParams): Buffer };
  export default ece;
}
