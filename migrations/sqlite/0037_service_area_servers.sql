-- The servers of each service area: where the apps and the devices of that area connect. Empty
-- until the platform configures them (the service-area configuration page).
ALTER TABLE service_areas ADD COLUMN api_server TEXT NOT NULL DEFAULT '';
ALTER TABLE service_areas ADD COLUMN mqtt_server TEXT NOT NULL DEFAULT '';
