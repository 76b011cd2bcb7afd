-- Each pet type's "Unknown" breed (issue 36, docs/decisions/0176): a row of its own under the fixed id 900 + the
-- type's id (src/shared/constants.ts, unknownBreedId), so SPEC.md's "Unknown" checkbox stores it instead of a real
-- breed. A database seeded before gets them here; a new one from the seed (src/server/db/seed/reference.ts).
INSERT INTO "pet_breeds" ("id", "pet_type_id", "title")
SELECT 900 + t."id", t."id", 'Unknown'
FROM "pet_types" t
WHERE t."id" BETWEEN 1 AND 99
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('pet_breeds', 'id'), (SELECT max("id") FROM "pet_breeds"));
