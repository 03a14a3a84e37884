-- The data folder this database is used with (postgres/migrations/007; on SQLite the database is
-- in that folder, so it always matches, and a copied folder carries both).
CREATE TABLE data_dir_identity (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  id TEXT NOT NULL,
  path TEXT NOT NULL,
  recorded_at TEXT NOT NULL
);
