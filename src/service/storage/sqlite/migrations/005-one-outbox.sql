-- One outbox for both forwarders: an item is `kind` (submission, application) and `ref` (the
-- submission's id, the application's number). The submissions' queue rows keep their ids; the
-- applications' queue columns (forward, attempts, next_attempt_at, sid, delivered_at, failed,
-- last_error) move here, their state unchanged. An application with forward = 0 was never to be
-- sent (no WEBFORM_URL then) or was discarded: it gets no item.
DROP INDEX outbox_due;
ALTER TABLE outbox RENAME TO outbox_before_005;
CREATE TABLE outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, ref TEXT NOT NULL, created_at TEXT NOT NULL,
  webform_id TEXT, payload TEXT, attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL DEFAULT 0,
  sid TEXT, delivered_at TEXT, failed TEXT, last_error TEXT, UNIQUE (kind, ref));
INSERT INTO outbox (id, kind, ref, created_at, webform_id, payload, attempts, next_attempt_at, delivered_at, failed, last_error)
  SELECT o.id, 'submission', CAST(o.submission_id AS TEXT), s.created_at, o.webform_id, o.payload, o.attempts, o.next_attempt_at,
    o.delivered_at, o.failed, o.last_error
  FROM outbox_before_005 o JOIN submissions s ON s.id = o.submission_id ORDER BY o.id;
INSERT INTO outbox (kind, ref, created_at, attempts, next_attempt_at, sid, delivered_at, failed, last_error)
  SELECT 'application', number, created_at, attempts, next_attempt_at, sid, delivered_at, failed, last_error
  FROM applications WHERE forward = 1 ORDER BY id;
DROP TABLE outbox_before_005;
DROP INDEX applications_forward;
ALTER TABLE applications DROP COLUMN forward;
ALTER TABLE applications DROP COLUMN attempts;
ALTER TABLE applications DROP COLUMN next_attempt_at;
ALTER TABLE applications DROP COLUMN sid;
ALTER TABLE applications DROP COLUMN delivered_at;
ALTER TABLE applications DROP COLUMN failed;
ALTER TABLE applications DROP COLUMN last_error;
CREATE INDEX outbox_due ON outbox (kind, next_attempt_at, id) WHERE delivered_at IS NULL AND failed IS NULL;
