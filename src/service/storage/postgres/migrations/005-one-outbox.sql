-- One outbox for both forwarders (sqlite/migrations/005): an item is `kind` and `ref`; the
-- applications' queue columns move here, their state unchanged.
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
INSERT INTO outbox (kind, ref, created_at, attempts, next_attempt_at, sid, delivered_at, failed, last_error)
  SELECT 'application', number, created_at, attempts, next_attempt_at, sid, delivered_at, failed, last_error
  FROM applications WHERE forward = 1 ORDER BY id;
DROP TABLE outbox_before_005;
DROP INDEX applications_forward;
ALTER TABLE applications DROP COLUMN forward, DROP COLUMN attempts, DROP COLUMN next_attempt_at, DROP COLUMN sid,
  DROP COLUMN delivered_at, DROP COLUMN failed, DROP COLUMN last_error;
CREATE INDEX outbox_due ON outbox (kind, next_attempt_at, id) WHERE delivered_at IS NULL AND failed IS NULL;
