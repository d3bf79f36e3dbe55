-- A status or lock change moved migration 005's filter version as well as 024's status version,
-- and so made stale the kept list of every role and group, whatever its order, and every kept
-- count of a list filtered by one: while a bulk action ran, those lists were read again in full
-- (200-330 ms each at 60,000 members, two thirds of the time the anchors took in bench:bulk).
-- What a status or lock filter selects is versioned by 024's status version alone; the filter
-- version moves with memberships, groups' roles and activity, and second factors.
DROP TRIGGER users_filter_changed ON users;
