-- The anchors of an order were read by numbering every row with a window function and keeping
-- every 1,000th: at a million users the numbering cost twice the read of the index itself
-- (316 ms against 110 ms), and builds take a quarter of the time while a bulk action moves the
-- orders. A cursor moved over the rows between reads them without numbering them. STABLE: the
-- ordered statement sees the snapshot of the statement that calls it, which also reads the
-- anchors' version.
CREATE FUNCTION every_nth_id(ordered text, step int) RETURNS SETOF int
LANGUAGE plpgsql STABLE AS $$
DECLARE
  rows refcursor;
  found_id int;
BEGIN
  OPEN rows NO SCROLL FOR EXECUTE ordered;
  LOOP
    MOVE FORWARD step - 1 IN rows;
    FETCH rows INTO found_id;
    EXIT WHEN NOT FOUND;
    RETURN NEXT found_id;
  END LOOP;
  CLOSE rows;
END $$;
