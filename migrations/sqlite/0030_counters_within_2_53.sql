-- A counter holds at most ±2^53 (what a JSON number keeps exactly); an addition past it is
-- refused. Counters an overflow turned into a floating value before are brought back within.
UPDATE plugin_counters SET value = CASE WHEN value > 0 THEN 9007199254740992 ELSE -9007199254740992 END
WHERE typeof(value) = 'real' OR value > 9007199254740992 OR value < -9007199254740992;
