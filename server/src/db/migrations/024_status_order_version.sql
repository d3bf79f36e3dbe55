-- A status or lock change moved migration 008's order version, and so made the anchors of every
-- order stale, though it moves no user in an order by name, email, phone, creation or number:
-- while a bulk action ran, every deep page of those was counted off from an end (100-300 ms at a
-- million users, the slowest list requests beside the writes). Status and lock now move a
-- version of their own, which the anchors of a list over a status or lock, and of the orders by
-- status and by lock, also hold by; the update time, which every write sets, moves one of its
-- own for the order by it. What inserts, deletes and the other keys move stays in order_version;
-- migration 014's version of the order by last login no longer moves with status and lock.
ALTER TABLE user_total
  ADD COLUMN status_order_version bigint NOT NULL DEFAULT 0,
  ADD COLUMN updated_order_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION user_status_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_total SET status_order_version = status_order_version + 1;
  RETURN NULL;
END $$;

CREATE FUNCTION user_updated_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_total SET updated_order_version = updated_order_version + 1;
  RETURN NULL;
END $$;

DROP TRIGGER users_order_changed ON users;
CREATE TRIGGER users_order_changed
  AFTER INSERT OR DELETE OR UPDATE OF username, email, phone_number, created_date
  ON users FOR EACH STATEMENT EXECUTE FUNCTION user_order_changed();
CREATE TRIGGER users_status_order_changed
  AFTER UPDATE OF is_active, is_locked
  ON users FOR EACH STATEMENT EXECUTE FUNCTION user_status_order_changed();
CREATE TRIGGER users_updated_order_changed
  AFTER UPDATE OF updated_date
  ON users FOR EACH STATEMENT EXECUTE FUNCTION user_updated_order_changed();
DROP TRIGGER users_login_order_changed ON users;
CREATE TRIGGER users_login_order_changed
  AFTER INSERT OR DELETE OR UPDATE OF last_login
  ON users FOR EACH STATEMENT EXECUTE FUNCTION user_login_order_changed();
