-- "Near me" (docs/decisions/0070): a great-circle search backed by GiST indexes. A position is
-- the point on a sphere of the Earth's mean radius as a 3-D cube point (km); the cube `<->`
-- operator (straight-line chord) orders exactly as the great-circle distance does, and a GiST
-- index answers `ORDER BY point <-> here LIMIT n` without reading the table. cube and btree_gist
-- are trusted extensions (the database owner may create them); earthdistance is not, which is why
-- geo_point stands in for its ll_to_earth. The SQL-standard body binds its references at creation,
-- so the function works under any search_path (PostgreSQL 17 runs index builds with a safe one).
-- Inlined by the planner (its body is one expression of strict functions, so a NULL coordinate
-- gives NULL, as for a provider without a position); not inlined, each row would pay a function
-- call and PostgreSQL 15 plans no KNN scan. Not declared STRICT: the inlining then needs no proof.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE OR REPLACE FUNCTION geo_point(latitude double precision, longitude double precision) RETURNS cube
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN cube(cube(cube(
    6371.0088 * cos(radians(latitude)) * cos(radians(longitude))),
    6371.0088 * cos(radians(latitude)) * sin(radians(longitude))),
    6371.0088 * sin(radians(latitude)));--> statement-breakpoint
-- kind inside the GiST index, through btree_gist: a listing of one kind walks only its own entries
-- in distance order. No country_id: it would group the index pages by country before place (see
-- decision 0070); a country's providers come through providers_kind_country_idx. Providers without
-- a position index as NULL and come after every other one.
CREATE INDEX IF NOT EXISTS providers_near_idx ON providers USING gist (kind, geo_point(latitude, longitude));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS lost_pet_details_near_idx ON lost_pet_details USING gist (geo_point(latitude, longitude));
