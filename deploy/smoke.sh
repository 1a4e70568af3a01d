#!/usr/bin/env bash
# Smoke test of the production stack, for a host with Docker (compose 2.24 or later):
#   deploy/smoke.sh            build, start, test, remove everything it made
#   KEEP=1 deploy/smoke.sh     leave the stack running to look around
# It starts compose.yaml under its own project name with a mail catcher, books on one API replica
# and confirms through the other, then kills the worker (the mail sender) and one replica in the
# middle of a rush of bookings, brings them back, and checks that every accepted booking is on
# every replica exactly once and that every mail arrived exactly once. Exit 0 only then.
set -euo pipefail
cd "$(dirname "$0")"

export COMPOSE_PROJECT_NAME=pizzakiosken-smoke
# Throwaway secrets: this stack lives for the length of the run.
export MONGO_PASSWORD="smoke$(openssl rand -hex 12)"
export SESSION_SECRET="$(openssl rand -base64 32)"
# A VAPID pair as web-push makes them: the raw P-256 private scalar and public point, base64url.
vapid_pem="$(openssl ecparam -name prime256v1 -genkey -noout)"
b64url() { base64 | tr '+/' '-_' | tr -d '=\n'; }
export VAPID_PRIVATE_KEY="$(printf '%s\n' "$vapid_pem" | openssl ec -outform DER 2>/dev/null | tail -c +8 | head -c 32 | b64url)"
export VAPID_PUBLIC_KEY="$(printf '%s\n' "$vapid_pem" | openssl ec -pubout -outform DER 2>/dev/null | tail -c 65 | b64url)"
export ADMIN_EMAIL=smoke@pizzakiosken.test
export ADMIN_PASSWORD="smoke-$(openssl rand -hex 12)"
export SMTP_URL=smtp://mailpit:1025
export PUBLIC_URL=http://pizzakiosken.test

compose() { docker compose -f compose.yaml -f smoke/compose.smoke.yaml "$@"; }
state="$(mktemp -d)"
chmod 777 "$state" # the app image runs as the unprivileged node user
cleanup() {
  if [ "${KEEP:-0}" = 1 ]; then
    echo "KEEP=1: the stack is still running (docker compose -p $COMPOSE_PROJECT_NAME ...)"
  else
    compose down --volumes --remove-orphans >/dev/null 2>&1 || true
  fi
  rm -rf "$state"
}
trap cleanup EXIT

# The HTTP checks run in a one-off container of the app image on the compose network.
smoke() {
  compose run --rm --no-deps -T \
    -v "$state:/state" -v "$PWD/smoke/smoke.mjs:/smoke/smoke.mjs:ro" \
    --entrypoint node worker /smoke/smoke.mjs "$@"
}

echo "== starting the stack (build, health checks)"
compose up -d --build --wait

echo "== book on one replica, confirm through the other"
smoke first

echo "== rush, killing the worker and one API replica in the middle of it"
smoke rush &
rush=$!
sleep 2
docker kill "$COMPOSE_PROJECT_NAME-worker-1" "$COMPOSE_PROJECT_NAME-api-2" >/dev/null
echo "   killed the worker and api-2"
wait "$rush"
compose up -d --wait

echo "== nothing lost, nothing twice"
smoke check
echo "smoke: OK"
