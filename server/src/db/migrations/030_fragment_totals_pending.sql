-- Creating a user spent 0.9 of the 1.4 ms of its INSERT moving the totals of migration 009
-- (about 100 fragments made distinct and written, on a million users), and renaming one as
-- much. Writers now only note each search text added or removed, as migration 022 has them do
-- for the cells, and the totals take the notes in with the cells' (`user_search_fragment_fold`,
-- run by the server in the background). A total read adds the notes not yet taken in: every note
-- of a text holding the fragment, which is what the total would have counted. Both kinds of note
-- take their ids from one sequence, so that the oldest and newest note of either tell a folder
-- how many wait and whether writes go on.
CREATE TABLE user_search_fragment_pending (
  id bigint PRIMARY KEY DEFAULT nextval('user_search_fragment_cell_pending_id_seq'),
  search_text text NOT NULL,
  move int NOT NULL
);

-- What moved the totals at once (migration 009) now moves them when notes are folded in.
ALTER FUNCTION user_search_fragment_move(text[], text[]) RENAME TO user_search_fragment_apply;

-- The triggers of migration 009 call this: each text added or removed is noted.
CREATE FUNCTION user_search_fragment_move(added text[], removed text[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO user_search_fragment_pending (search_text, move)
  SELECT s, 1 FROM unnest(added) AS s
  UNION ALL
  SELECT s, -1 FROM unnest(removed) AS s
$$;

-- Takes up to `batch` of the oldest notes of the totals into them, and as many of the cells'
-- into the cells (migration 022), in one transaction with their removal, so that a reader sees
-- each move once: in a note or in a total. Notes another fold has taken are skipped. The totals
-- are written before the cells, each in order, so that folds side by side cannot deadlock.
-- Returns the more it took of either kind.
CREATE FUNCTION user_search_fragment_fold(batch int) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  added text[];
  removed text[];
  taken int;
BEGIN
  WITH notes AS (
    DELETE FROM user_search_fragment_pending WHERE id IN (
      SELECT id FROM user_search_fragment_pending ORDER BY id LIMIT batch
      FOR UPDATE SKIP LOCKED)
    RETURNING search_text, move
  )
  SELECT array_agg(search_text) FILTER (WHERE move > 0), array_agg(search_text) FILTER (WHERE move < 0),
    count(*)
  INTO added, removed, taken FROM notes;
  IF taken > 0 THEN
    PERFORM user_search_fragment_apply(coalesce(added, '{}'), coalesce(removed, '{}'));
  END IF;
  RETURN greatest(taken, user_search_fragment_cell_fold(batch));
END $$;
