-- The registration's part of 004 (after the platform's 004-outbox-last-error.sql, in the same
-- transaction): each application keeps its last forwarding error too.
ALTER TABLE applications ADD COLUMN last_error TEXT;
