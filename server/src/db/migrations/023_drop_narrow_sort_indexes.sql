-- A status change moves a user's entry in every index of users (a non-HOT update), about 30 of
-- them: the heap and those entries were two thirds of a 200-user lock. The narrow sort indexes of
-- 001 and 005 have the keys of 013's walk indexes, which hold more: every read they served, the
-- walk indexes serve. They were kept for numbered pages deep into an unsearched list counted off
-- from an end; those read from the anchors of migration 008 once they are built, and only a page
-- counted off (no anchor yet, the order by last login, an order just moved) reads the wider
-- index, about 10 ms more at a million users. Without them a 200-user status chunk writes a
-- quarter fewer index entries.
DROP INDEX IF EXISTS users_sort_username_covering;
DROP INDEX IF EXISTS users_sort_email_covering;
DROP INDEX IF EXISTS users_sort_phone;
DROP INDEX IF EXISTS users_sort_active;
DROP INDEX IF EXISTS users_sort_locked;
DROP INDEX IF EXISTS users_sort_last_login;
DROP INDEX IF EXISTS users_sort_created;
DROP INDEX IF EXISTS users_sort_updated;
