// The MongoDB client the read-model store opens says its write and read concerns itself: writes
// acknowledged by a majority with journal, majority reads, the primary. (Checked on the real
// driver's client; no server needed, none is contacted.)
import { MongoClient } from 'mongodb';
import { expect, it } from 'vitest';
import { mongoClientOptions } from '../../read-models/mongoDocumentStore.js';

it('asks for majority writes with journal and majority reads from the primary', async () => {
  const client = new MongoClient('mongodb://127.0.0.1:9/pizzakiosken', mongoClientOptions());
  expect(client.writeConcern).toMatchObject({ w: 'majority', journal: true });
  expect(client.readConcern?.level).toBe('majority');
  expect(client.readPreference.mode).toBe('primary');
  const db = client.db('pizzakiosken');
  expect(db.collection('_leases').writeConcern).toMatchObject({ w: 'majority', journal: true });
  await client.close();
});
