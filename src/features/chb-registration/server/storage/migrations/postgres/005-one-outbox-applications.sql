-- The registration's part of the one outbox (sqlite/005-one-outbox-applications.sql, in
-- PostgreSQL's words): the applications' queue columns move to the outbox, their state unchanged.
INSERT INTO outbox (kind, ref, created_at, attempts, next_attempt_at, sid, delivered_at, failed, last_error)
  SELECT 'application', number, created_at, attempts, next_attempt_at, sid, delivered_at, failed, last_error
  FROM applications WHERE forward = 1 ORDER BY id;
DROP INDEX applications_forward;
ALTER TABLE applications DROP COLUMN forward, DROP COLUMN attempts, DROP COLUMN next_attempt_at, DROP COLUMN sid,
  DROP COLUMN delivered_at, DROP COLUMN failed, DROP COLUMN last_error;
