-- The rollups of the time series: on SQLite one table a UTC day beside the day's points
-- (`rollups_20261206`), made, fed and dropped with them by the host (`db::series`); days kept
-- from before are rolled up from their points as the host starts. Nothing to make here; kept so
-- that both engines' versions stay equal.
SELECT 1;
