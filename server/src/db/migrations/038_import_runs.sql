-- Issue 56: the CSV imports a console applies in several requests, each request's counts added
-- to its run's row, so that the run is audited once with the file's totals: by the console's
-- finish call, or by the job that sums up a run left unfinished (last_request_at long past).
-- Both delete the row in the transaction that writes the entry, so it is written exactly once.
CREATE TABLE import_runs (
  import_id uuid NOT NULL,
  actor_id integer NOT NULL,
  actor_username text NOT NULL,
  file text,
  first_row integer NOT NULL,
  last_row integer NOT NULL,
  row_count integer NOT NULL,
  created integer NOT NULL,
  updated integer NOT NULL,
  unchanged integer NOT NULL,
  failed integer NOT NULL,
  last_request_at timestamptz NOT NULL,
  PRIMARY KEY (import_id, actor_id)
);
CREATE INDEX import_runs_last_request_at ON import_runs (last_request_at);
