-- Migration 024's status version moved on any status or lock change, and so made stale the
-- anchors of the order by status, and of every list over a status, when users were locked or
-- unlocked (and those by lock and over a lock when users were activated or deactivated), though
-- neither moves anyone in the other's order or list: while a bulk action ran, their deep pages
-- were counted off from an end (80-150 ms at a million users). Each flag now moves a version of
-- its own, and a status change sets its own flag's column alone, so only its trigger fires.
ALTER TABLE user_total
  ADD COLUMN active_version bigint NOT NULL DEFAULT 0,
  ADD COLUMN locked_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION user_active_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_total SET active_version = active_version + 1;
  RETURN NULL;
END $$;

CREATE FUNCTION user_locked_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_total SET locked_version = locked_version + 1;
  RETURN NULL;
END $$;

DROP TRIGGER users_status_order_changed ON users;
DROP FUNCTION user_status_order_changed();
ALTER TABLE user_total DROP COLUMN status_order_version;

CREATE TRIGGER users_active_changed
  AFTER UPDATE OF is_active
  ON users FOR EACH STATEMENT EXECUTE FUNCTION user_active_changed();
CREATE TRIGGER users_locked_changed
  AFTER UPDATE OF is_locked
  ON users FOR EACH STATEMENT EXECUTE FUNCTION user_locked_changed();
