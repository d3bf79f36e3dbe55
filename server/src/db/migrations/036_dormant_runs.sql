-- Issue 57: the days the dormant-accounts policy has run. A run claims its day by inserting the
-- day's row in the transaction that deactivates (after an advisory lock that every run takes), so
-- that however many API processes find the run due, it is done once: a process that finds the
-- row, or waits for the transaction that makes it, does nothing. A run that fails leaves no row,
-- and the next process to look runs it.
CREATE TABLE dormant_runs (
  day date PRIMARY KEY,
  ran_at timestamptz NOT NULL,
  deactivated integer NOT NULL
);
