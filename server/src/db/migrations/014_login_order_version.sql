-- A sign-in moves a user in the order by last login only, yet it moved migration 008's order
-- version and so made the anchors of every order stale: on a live system they would rarely hold.
-- The order by last login now has a version of its own, moved by sign-ins (and by what moves
-- every order); the other eight orders' version no longer moves on a sign-in.
ALTER TABLE user_total ADD COLUMN login_order_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION user_login_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_total SET login_order_version = login_order_version + 1;
  RETURN NULL;
END $$;

DROP TRIGGER users_order_changed ON users;
CREATE TRIGGER users_order_changed
  AFTER INSERT OR DELETE OR UPDATE OF username, email, phone_number, is_active, is_locked,
    created_date, updated_date
  ON users FOR EACH STATEMENT EXECUTE FUNCTION user_order_changed();
CREATE TRIGGER users_login_order_changed
  AFTER INSERT OR DELETE OR UPDATE OF last_login, is_active, is_locked
  ON users FOR EACH STATEMENT EXECUTE FUNCTION user_login_order_changed();
