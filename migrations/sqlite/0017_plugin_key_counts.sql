-- PostgreSQL only (its 0017 keeps the number of records per indexed value): SQLite counts from
-- its expression indexes and keeps totals in the read cache. Kept so that both engines'
-- versions stay equal.
SELECT 1;
