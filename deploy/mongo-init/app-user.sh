#!/bin/bash
# The app's own MongoDB user (deploy/compose.cluster.yaml, service mongo). The mongo image's entrypoint
# sources this once, on the first start of an empty volume, after making the administrator (root),
# while its mongod for initialisation runs on 127.0.0.1 as a standalone without access control;
# the users it makes are kept when mongod restarts as replica set rs0 with --auth. The app signs in
# as MONGO_USER with readWrite on its two databases (the read models, MONGODB_DB; the keys and the
# reactors' state, MONGODB_KEYS_DB) and no other right: no user or cluster administration, no
# other database. An upgrade that builds read models in a new MONGODB_DB grants that one too
# (deploy/README.md, "Upgrade"). "${mongo[@]}" is the entrypoint's mongosh for that mongod; the
# password goes in the environment, never on a command line.
MONGO_APP_PASSWORD="$(cat "$MONGO_APP_PASSWORD_FILE")" \
  "${mongo[@]}" admin --eval '
    const user = process.env.MONGO_USER;
    const roles = [process.env.MONGODB_DB, process.env.MONGODB_KEYS_DB].map((db) => ({ role: "readWrite", db }));
    if (db.getUser(user)) db.updateUser(user, { pwd: process.env.MONGO_APP_PASSWORD, roles });
    else db.createUser({ user, pwd: process.env.MONGO_APP_PASSWORD, roles });
    print(`app user ${user}: readWrite on ${roles.map((r) => r.db).join(", ")}`);
  '
