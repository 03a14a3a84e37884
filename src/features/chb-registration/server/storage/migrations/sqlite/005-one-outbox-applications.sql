-- The registration's part of the one outbox (after the platform's 005-one-outbox.sql, in the same
-- transaction): the applications' queue columns (forward, attempts, next_attempt_at, sid,
-- delivered_at, failed, last_error) move to the outbox, their state unchanged. An application with
-- forward = 0 was never to be sent (no WEBFORM_URL then) or was discarded: it gets no item.
INSERT INTO outbox (kind, ref, created_at, attempts, next_attempt_at, sid, delivered_at, failed, last_error)
  SELECT 'application', number, created_at, attempts, next_attempt_at, sid, delivered_at, failed, last_error
  FROM applications WHERE forward = 1 ORDER BY id;
DROP INDEX applications_forward;
ALTER TABLE applications DROP COLUMN forward;
ALTER TABLE applications DROP COLUMN attempts;
ALTER TABLE applications DROP COLUMN next_attempt_at;
ALTER TABLE applications DROP COLUMN sid;
ALTER TABLE applications DROP COLUMN delivered_at;
ALTER TABLE applications DROP COLUMN failed;
ALTER TABLE applications DROP COLUMN last_error;
