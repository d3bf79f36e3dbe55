-- The chain's trigger (migration 034) read audit_log once per record written, through plans
-- PL/pgSQL keeps per connection: planned while the log was small, they scanned it whole for ever
-- after, where no ANALYZE came to plan them again (autovacuum off, or behind). A bulk action of
-- 10,000 users then read the log 26,000 times, 468 million rows (issue 60). Now the first record
-- of a transaction to fire links them all and notes the last id linked in a setting of the
-- transaction, which the other records' firings read instead of the log; the statements that read
-- or change the log are planned at each run (EXECUTE), for the log as it is.
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  head audit_chain_head;
  r audit_log;
  linked_through text := current_setting('audit.linked_through', true);
  ids bigint[] := '{}';
  seqs bigint[] := '{}';
  hashes text[] := '{}';
BEGIN
  IF coalesce(linked_through, '') <> '' AND NEW.id <= linked_through::bigint THEN
    RETURN NULL;
  END IF;
  SELECT * INTO head FROM audit_chain_head FOR UPDATE;
  FOR r IN EXECUTE 'SELECT * FROM audit_log WHERE chain_seq IS NULL ORDER BY id' LOOP
    head.seq := head.seq + 1;
    r.chain_seq := head.seq;
    head.hash := audit_link(head.hash, r);
    ids := ids || r.id;
    seqs := seqs || head.seq;
    hashes := hashes || head.hash;
  END LOOP;
  EXECUTE 'UPDATE audit_log a SET chain_seq = l.seq, chain_hash = l.hash
    FROM unnest($1::bigint[], $2::bigint[], $3::text[]) AS l (id, seq, hash) WHERE a.id = l.id'
    USING ids, seqs, hashes;
  UPDATE audit_chain_head SET seq = head.seq, hash = head.hash;
  PERFORM set_config('audit.linked_through', coalesce(ids[cardinality(ids)], NEW.id)::text, true);
  RETURN NULL;
END
$$;
