-- The data folder this database is used with (one row): a node started with another DATA_DIR on
-- the same database would keep uploads where the other nodes cannot read them; it refuses to start.
CREATE TABLE data_dir_identity (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  id TEXT NOT NULL,
  path TEXT NOT NULL,
  recorded_at TEXT NOT NULL
);
