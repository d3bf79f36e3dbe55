-- Each group's members carry their users' search text, kept by triggers, in an index that holds
-- it, as role holders do (migration 010): a search within a group or a role (a tenth of a
-- million users) is then counted from that index alone, where it read every member's row or
-- every user's, 100-400 ms.
ALTER TABLE user_groups ADD COLUMN search_text text;

-- Writers wait while the copies are made, so that none is missed.
LOCK TABLE users, user_groups IN SHARE ROW EXCLUSIVE MODE;
UPDATE user_groups ug SET search_text = u.search_text FROM users u WHERE u.id = ug.user_id;

CREATE INDEX user_groups_group_search ON user_groups (group_id, user_id) INCLUDE (search_text);
DROP INDEX user_groups_group_user;

-- A member's copy is read under a share lock: a rename of the user at the same time either
-- waits for this membership or is committed before it is read.
CREATE FUNCTION user_groups_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := (SELECT search_text FROM users WHERE id = NEW.user_id FOR SHARE);
  RETURN NEW;
END $$;

CREATE TRIGGER user_groups_search_text BEFORE INSERT OR UPDATE OF user_id ON user_groups
  FOR EACH ROW EXECUTE FUNCTION user_groups_search_text();

-- A user renamed (a new name, email or phone) renames their copies. Fires on every update of
-- users (a transition table cannot go with a column list); most rename nobody. The new texts are
-- found by grouping the old and new rows (see users_member_totals_update, migration 010).
CREATE FUNCTION users_member_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH renamed AS MATERIALIZED (
    SELECT id, search_text FROM (
      SELECT id, search_text, 1 AS n FROM after_rows
      UNION ALL
      SELECT id, search_text, -1 FROM before_rows
    ) texts GROUP BY 1, 2 HAVING sum(n) > 0
  ), groups_renamed AS (
    UPDATE user_groups ug SET search_text = r.search_text FROM renamed r WHERE ug.user_id = r.id
  )
  UPDATE user_role_grant g SET search_text = r.search_text FROM renamed r WHERE g.user_id = r.id;
  RETURN NULL;
END $$;

CREATE TRIGGER users_member_search_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_member_search_update();
