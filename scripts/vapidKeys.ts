// node dist/scripts/vapidKeys.js   (npx tsx scripts/vapidKeys.ts from the sources)
// Prints a new web-push key pair as two lines of .env, so a host with only Docker makes them with
// the kiosk's own image (deploy/README.md):
//   docker compose run --rm --no-deps app node dist/scripts/vapidKeys.js >> .env
// Browsers subscribe with the public key: make the pair once and keep it (a copy of .env off the
// server); a new pair orphans every subscription. Both are base64url, as api/config.ts checks.
import webpush from 'web-push';

const { publicKey, privateKey } = webpush.generateVAPIDKeys();
process.stdout.write(`VAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${privateKey}\n`);
