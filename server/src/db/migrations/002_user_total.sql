-- The number of users, kept exact by statement triggers, so the unfiltered list (the view an
-- administrator opens most) answers its total without counting a million rows.
CREATE TABLE user_total (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  total bigint NOT NULL
);
INSERT INTO user_total (total) SELECT count(*) FROM users;

CREATE FUNCTION user_total_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_total SET total = total + (SELECT count(*) FROM added);
  RETURN NULL;
END $$;

CREATE FUNCTION user_total_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_total SET total = total - (SELECT count(*) FROM removed);
  RETURN NULL;
END $$;

CREATE TRIGGER users_total_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION user_total_add();
CREATE TRIGGER users_total_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION user_total_remove();
