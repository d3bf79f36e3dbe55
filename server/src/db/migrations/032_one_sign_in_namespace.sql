-- Sign-in takes a username or an email, the username first (logins.ts), so a username equal to
-- another user's email took that email over as a sign-in name. Usernames and emails are now one
-- namespace, compared as sign-in compares them (lower()): no user's username may be another
-- user's email. The unique indexes cannot say it across two columns; these triggers do, on every
-- write of either (a user's own email as their username is theirs).
--
-- Every such write takes one transaction lock before its rows reach the unique indexes, so that
-- of two transactions racing to take a name, one as a username and one as an email, the second
-- waits for the first to commit and its check (a new snapshot, at READ COMMITTED) then sees it;
-- and no transaction waits on an index entry of another that waits on the lock. Inserts are
-- checked once a statement (an import's thousand rows in one join), updates row by row (they set
-- the columns only when they change). Clashes stored before stay until either name changes.

CREATE FUNCTION sign_in_names_lock() RETURNS void LANGUAGE sql AS $$
  -- Beside the server's other lock keys (migrate.ts, admins.ts, bootstrap.ts).
  SELECT pg_advisory_xact_lock(7310004)
$$;

-- The column that clashes and its value; the server words the refusal (src/shared/sign-in-names.ts).
CREATE FUNCTION sign_in_name_clash(taken text, field text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING
    ERRCODE = 'unique_violation',
    CONSTRAINT = 'users_sign_in_name',
    COLUMN = field,
    DETAIL = taken,
    MESSAGE = format('the %s %s is another user''s sign-in name', field, taken);
END $$;

CREATE FUNCTION users_sign_in_names_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sign_in_names_lock();
  RETURN NULL;
END $$;

CREATE FUNCTION users_created_sign_in_names() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  taken text;
BEGIN
  SELECT c.username INTO taken FROM created c
    JOIN users u ON lower(u.email) = lower(c.username) AND u.id <> c.id LIMIT 1;
  IF FOUND THEN PERFORM sign_in_name_clash(taken, 'username'); END IF;
  SELECT c.email INTO taken FROM created c
    JOIN users u ON lower(u.username) = lower(c.email) AND u.id <> c.id LIMIT 1;
  IF FOUND THEN PERFORM sign_in_name_clash(taken, 'email'); END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION users_renamed_sign_in_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sign_in_names_lock();
  IF NEW.username IS DISTINCT FROM OLD.username
     AND EXISTS (SELECT 1 FROM users WHERE lower(email) = lower(NEW.username) AND id <> NEW.id) THEN
    PERFORM sign_in_name_clash(NEW.username, 'username');
  END IF;
  IF NEW.email IS DISTINCT FROM OLD.email
     AND EXISTS (SELECT 1 FROM users WHERE lower(username) = lower(NEW.email) AND id <> NEW.id) THEN
    PERFORM sign_in_name_clash(NEW.email, 'email');
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER users_insert_sign_in_names_locked
  BEFORE INSERT ON users FOR EACH STATEMENT EXECUTE FUNCTION users_sign_in_names_locked();
CREATE TRIGGER users_created_sign_in_names
  AFTER INSERT ON users REFERENCING NEW TABLE AS created
  FOR EACH STATEMENT EXECUTE FUNCTION users_created_sign_in_names();
CREATE TRIGGER users_renamed_sign_in_names
  BEFORE UPDATE OF username, email ON users
  FOR EACH ROW EXECUTE FUNCTION users_renamed_sign_in_names();
