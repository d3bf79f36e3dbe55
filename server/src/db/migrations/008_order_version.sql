-- A counter that moves whenever the order of a users list may have changed (a user added,
-- removed, or given another sort key, status or lock), so that the anchors kept for jumping deep
-- into a list (server/src/db/user-list/anchors.ts) are used only while they still hold.
ALTER TABLE user_total ADD COLUMN order_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION user_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_total SET order_version = order_version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER users_order_changed
  AFTER INSERT OR DELETE OR UPDATE OF username, email, phone_number, is_active, is_locked,
    last_login, created_date, updated_date
  ON users FOR EACH STATEMENT EXECUTE FUNCTION user_order_changed();
