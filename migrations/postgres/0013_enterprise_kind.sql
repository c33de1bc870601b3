-- An enterprise's kind (spec DP §6): `ordinary`, or `robot`, an enterprise kept for internal
-- management that products are not applied to (a product model warns before relating one).
ALTER TABLE tenants ADD COLUMN kind TEXT NOT NULL DEFAULT 'ordinary';
