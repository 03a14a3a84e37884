-- One outbox for every forwarder (sqlite/migrations/005): an item is `kind` and `ref`. A
-- feature's part (the registration's applications' queue columns) runs after it, in the same transaction.
DROP INDEX outbox_due;
ALTER TABLE outbox RENAME TO outbox_before_005;
CREATE TABLE outbox (id SERIAL PRIMARY KEY, kind TEXT NOT NULL, ref TEXT NOT NULL, created_at TEXT NOT NULL,
  webform_id TEXT, payload TEXT, attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at BIGINT NOT NULL DEFAULT 0,
  sid TEXT, delivered_at TEXT, failed TEXT, last_error TEXT, UNIQUE (kind, ref));
INSERT INTO outbox (id, kind, ref, created_at, webform_id, payload, attempts, next_attempt_at, delivered_at, failed, last_error)
  SELECT o.id, 'submission', o.submission_id::TEXT, s.created_at, o.webform_id, o.payload, o.attempts, o.next_attempt_at,
    o.delivered_at, o.failed, o.last_error
  FROM outbox_before_005 o JOIN submissions s ON s.id = o.submission_id ORDER BY o.id;
SELECT setval(pg_get_serial_sequence('outbox', 'id'), GREATEST((SELECT MAX(id) FROM outbox), 1), (SELECT MAX(id) FROM outbox) IS NOT NULL);
DROP TABLE outbox_before_005;
CREATE INDEX outbox_due ON outbox (kind, next_attempt_at, id) WHERE delivered_at IS NULL AND failed IS NULL;
