-- A page of a search (or of a status or lock) is found by walking a sort's index and checking
-- each row (user-list/page-reads.ts): with the search text, status and lock held in the index, the walk
-- reads the index alone, about 0.2 µs a row, where it read a row of users each, about 2 µs. A
-- walk of 100,000 rows then costs what collecting 10,000 matches does, so searches whose matches
-- lie far along the order no longer fall back to collecting and sorting every match. The narrow
-- sort indexes stay: a page deep in a list by number counts off hundreds of thousands of entries,
-- three times as many pages of these.
CREATE INDEX users_walk_username ON users (lower(username), id)
  INCLUDE (username, search_text, is_active, is_locked);
CREATE INDEX users_walk_email ON users (lower(email), id)
  INCLUDE (email, search_text, is_active, is_locked);
CREATE INDEX users_walk_phone ON users (phone_number, id) INCLUDE (search_text, is_active, is_locked);
CREATE INDEX users_walk_active ON users (is_active, id) INCLUDE (search_text, is_locked);
CREATE INDEX users_walk_locked ON users (is_locked, id) INCLUDE (search_text, is_active);
CREATE INDEX users_walk_last_login ON users (last_login, id)
  INCLUDE (search_text, is_active, is_locked);
CREATE INDEX users_walk_created ON users (created_date, id)
  INCLUDE (search_text, is_active, is_locked);
CREATE INDEX users_walk_updated ON users (updated_date, id)
  INCLUDE (search_text, is_active, is_locked);
CREATE INDEX users_walk_id ON users (id) INCLUDE (search_text, is_active, is_locked);
