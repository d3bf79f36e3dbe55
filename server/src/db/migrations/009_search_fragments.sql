-- The number of users whose search text holds each fragment of one to three characters, kept
-- exact by statement triggers: the total of a short search ("a", "an", "ara") matches a large
-- share of a million users, and counting those rows costs a quarter of a second, while a search
-- that short is what every administrator types first. Longer searches are counted through the
-- trigram index. Fragments spanning two fields (chr(1), which a search never holds) are left out.
CREATE TABLE user_search_fragment (
  fragment text PRIMARY KEY,
  total bigint NOT NULL
);

-- The fragments of one text, each at every place it occurs.
CREATE FUNCTION search_fragments(search_text text) RETURNS SETOF text
IMMUTABLE PARALLEL SAFE LANGUAGE sql AS $$
  SELECT f FROM generate_series(1, length(search_text)) AS i,
    LATERAL (VALUES (substr(search_text, i, 1)), (substr(search_text, i, 2)),
      (substr(search_text, i, 3))) AS v (f)
  WHERE strpos(f, chr(1)) = 0
$$;

-- Adds the fragments of `added` search texts and takes away those of `removed` ones, each
-- text's fragments once; rows are written in order so that concurrent writers cannot deadlock.
CREATE FUNCTION user_search_fragment_move(added text[], removed text[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO user_search_fragment AS kept (fragment, total)
  SELECT fragment, count(DISTINCT k) FILTER (WHERE k > 0) - count(DISTINCT k) FILTER (WHERE k < 0)
  FROM (
    SELECT k, s FROM unnest(added) WITH ORDINALITY AS a (s, k)
    UNION ALL
    SELECT -k, s FROM unnest(removed) WITH ORDINALITY AS r (s, k)
  ) texts, search_fragments(s) AS fragment
  GROUP BY fragment
  HAVING count(DISTINCT k) FILTER (WHERE k > 0) <> count(DISTINCT k) FILTER (WHERE k < 0)
  ORDER BY fragment
  ON CONFLICT (fragment) DO UPDATE SET total = kept.total + excluded.total
$$;

-- Writers wait while the totals are made, so that none is missed (about 5 minutes a million
-- users on PostgreSQL 15, 2 cores).
LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE;
SELECT user_search_fragment_move(ARRAY(SELECT search_text FROM users), '{}');

CREATE FUNCTION user_search_fragment_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM user_search_fragment_move(ARRAY(SELECT search_text FROM added), '{}');
  RETURN NULL;
END $$;

CREATE FUNCTION user_search_fragment_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM user_search_fragment_move('{}', ARRAY(SELECT search_text FROM removed));
  RETURN NULL;
END $$;

-- Fires on every update of users (a transition table cannot go with a column list); only the
-- users whose search text changed (a rename, a new email or phone) move any fragment.
CREATE FUNCTION user_search_fragment_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  renamed text[];
  previous text[];
BEGIN
  SELECT array_agg(a.search_text), array_agg(b.search_text) INTO renamed, previous
  FROM after_rows a JOIN before_rows b USING (id)
  WHERE a.search_text IS DISTINCT FROM b.search_text;
  IF renamed IS NOT NULL THEN
    PERFORM user_search_fragment_move(renamed, previous);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER users_search_fragment_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION user_search_fragment_insert();
CREATE TRIGGER users_search_fragment_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION user_search_fragment_delete();
CREATE TRIGGER users_search_fragment_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_search_fragment_update();
