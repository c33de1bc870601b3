-- Time series (contract 0.1.17 `series`): on SQLite one table a UTC day (`series_20261206`),
-- made and dropped by the host (`db::series`), so that a day past the retention goes whole.
-- Nothing to make here; kept so that both engines' versions stay equal.
SELECT 1;
