-- A counter that moves whenever what a search can match may have changed (a user added,
-- removed, renamed or given another email or phone), so that the exact count of a search can be
-- reused, still exact, until it moves: paging through a broad search counts it once.
ALTER TABLE user_total ADD COLUMN search_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION user_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_total SET search_version = search_version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER users_search_changed
  AFTER INSERT OR DELETE OR UPDATE OF username, email, first_name, last_name, phone_number
  ON users FOR EACH STATEMENT EXECUTE FUNCTION user_search_changed();
