-- Trigram indexes (pg_trgm) for contains-searches, and btree_gin so one GIN index can hold a
-- clinic id beside the trigrams (docs/decisions/0041). Both are trusted extensions (PostgreSQL 13+):
-- the database owner may create them. PGlite loads them from @electric-sql/pglite/contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
