-- Spec DP §3: a department's role (development, test or operation; empty when none is given) and
-- a system account's corresponding id (its number in another system, such as the HR system's).
ALTER TABLE departments ADD COLUMN department_role TEXT NOT NULL DEFAULT '';
ALTER TABLE accounts ADD COLUMN corresponding_id TEXT NOT NULL DEFAULT '';
