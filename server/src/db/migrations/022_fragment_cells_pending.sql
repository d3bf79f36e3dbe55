-- A status bulk action of 200 users spent two thirds of its UPDATE moving the fragment cells of
-- migration 011 (about 45 of 70 ms on a million users: each user's fragments made and some
-- 15,000 cells written). Writers now only note each move, one row per user, and the cells take
-- the notes in later, in batches (`user_search_fragment_cell_fold`, run by the server in the
-- background). A total read from the cells adds the notes not yet taken in: every note of a text
-- holding the fragment, which is what the cells would have counted.
CREATE TABLE user_search_fragment_cell_pending (
  id bigserial PRIMARY KEY,
  search_text text NOT NULL,
  is_active boolean NOT NULL,
  is_locked boolean NOT NULL,
  move int NOT NULL
);

-- What moved the cells at once (migration 020) now moves them when notes are folded in.
ALTER FUNCTION user_search_fragment_cell_move(text[], boolean[], boolean[], int[])
  RENAME TO user_search_fragment_cell_apply;

-- The triggers of migration 011 call this: the moves are noted, for inactive or locked users only.
CREATE FUNCTION user_search_fragment_cell_move(
  texts text[], actives boolean[], lockeds boolean[], moves int[]
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO user_search_fragment_cell_pending (search_text, is_active, is_locked, move)
  SELECT s, active, locked, n FROM unnest(texts, actives, lockeds, moves) AS t (s, active, locked, n)
  WHERE (NOT active OR locked) AND n <> 0
$$;

-- Takes up to `batch` of the oldest notes into the cells, in one transaction with their removal,
-- so that a reader sees each move once: in a note or in a cell. Notes another fold has taken are
-- skipped, so that the servers sharing a database fold side by side. Returns how many it took.
CREATE FUNCTION user_search_fragment_cell_fold(batch int) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  texts text[];
  actives boolean[];
  lockeds boolean[];
  moves int[];
BEGIN
  WITH taken AS (
    DELETE FROM user_search_fragment_cell_pending WHERE id IN (
      SELECT id FROM user_search_fragment_cell_pending ORDER BY id LIMIT batch
      FOR UPDATE SKIP LOCKED)
    RETURNING search_text, is_active, is_locked, move
  )
  SELECT array_agg(search_text), array_agg(is_active), array_agg(is_locked), array_agg(move)
  INTO texts, actives, lockeds, moves FROM taken;
  IF texts IS NULL THEN
    RETURN 0;
  END IF;
  PERFORM user_search_fragment_cell_apply(texts, actives, lockeds, moves);
  RETURN cardinality(texts);
END $$;
