-- SQLite only (its 0018 keeps the number of records per indexed value, as PostgreSQL's 0017 does
-- here). Kept so that both engines' versions stay equal.
SELECT 1;
