-- The fragment totals of migration 009 for the users who are inactive or locked (about a tenth
-- of all), per status and lock, kept by statement triggers: a short search with a status or lock
-- filter ("a", active) then answers its total from these and the fragment's total over everyone,
-- where counting it reads most of a million users.
CREATE TABLE user_search_fragment_cell (
  fragment text NOT NULL,
  is_active boolean NOT NULL,
  is_locked boolean NOT NULL,
  total bigint NOT NULL,
  PRIMARY KEY (fragment, is_active, is_locked)
);

-- Adds moves[i] (1 or -1) for each fragment of texts[i], once per text, to the cell of
-- actives[i] and lockeds[i]; active and unlocked users are not kept here.
CREATE FUNCTION user_search_fragment_cell_move(
  texts text[], actives boolean[], lockeds boolean[], moves int[]
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO user_search_fragment_cell AS kept (fragment, is_active, is_locked, total)
  SELECT fragment, active, locked, sum(n)
  FROM (
    SELECT DISTINCT k, fragment, active, locked, n
    FROM unnest(texts, actives, lockeds, moves) WITH ORDINALITY AS t (s, active, locked, n, k),
      search_fragments(s) AS fragment
    WHERE NOT active OR locked
  ) fragments
  GROUP BY 1, 2, 3 HAVING sum(n) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (fragment, is_active, is_locked) DO UPDATE SET total = kept.total + excluded.total
$$;

LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE;
SELECT user_search_fragment_cell_move(array_agg(search_text), array_agg(is_active),
  array_agg(is_locked), array_agg(1))
FROM users WHERE NOT is_active OR is_locked;

CREATE FUNCTION user_search_fragment_cell_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM user_search_fragment_cell_move(array_agg(search_text), array_agg(is_active),
    array_agg(is_locked), array_agg(1))
  FROM added WHERE NOT is_active OR is_locked;
  RETURN NULL;
END $$;

CREATE FUNCTION user_search_fragment_cell_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM user_search_fragment_cell_move(array_agg(search_text), array_agg(is_active),
    array_agg(is_locked), array_agg(-1))
  FROM removed WHERE NOT is_active OR is_locked;
  RETURN NULL;
END $$;

-- Fires on every update of users (a transition table cannot go with a column list); only users
-- whose search text, status or lock changed move anything. The old and new rows are told apart
-- by grouping, not by joining the two transition tables, which PostgreSQL may do row by row:
-- 100 million comparisons for 10,000 users.
CREATE FUNCTION user_search_fragment_cell_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM user_search_fragment_cell_move(array_agg(s), array_agg(active), array_agg(locked),
    array_agg(n))
  FROM (
    SELECT search_text, is_active, is_locked, sum(n)::int FROM (
      SELECT id, search_text, is_active, is_locked, 1 AS n FROM after_rows
      WHERE NOT is_active OR is_locked
      UNION ALL
      SELECT id, search_text, is_active, is_locked, -1 FROM before_rows
      WHERE NOT is_active OR is_locked
    ) moves GROUP BY id, 1, 2, 3 HAVING sum(n) <> 0
  ) moved (s, active, locked, n);
  RETURN NULL;
END $$;

-- Migration 009's trigger found renamed users by joining the two transition tables: the same
-- grouping, for the same reason.
CREATE OR REPLACE FUNCTION user_search_fragment_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  renamed text[];
  previous text[];
BEGIN
  SELECT array_agg(search_text) FILTER (WHERE n > 0), array_agg(search_text) FILTER (WHERE n < 0)
  INTO renamed, previous
  FROM (
    SELECT id, search_text, sum(n) AS n FROM (
      SELECT id, search_text, 1 AS n FROM after_rows
      UNION ALL
      SELECT id, search_text, -1 FROM before_rows
    ) texts GROUP BY 1, 2 HAVING sum(n) <> 0
  ) moved;
  IF renamed IS NOT NULL OR previous IS NOT NULL THEN
    PERFORM user_search_fragment_move(coalesce(renamed, '{}'), coalesce(previous, '{}'));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER users_search_fragment_cell_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION user_search_fragment_cell_insert();
CREATE TRIGGER users_search_fragment_cell_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION user_search_fragment_cell_delete();
CREATE TRIGGER users_search_fragment_cell_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_search_fragment_cell_update();
