-- Counts of failed attempts per key and window, shared by every server process (docs/decisions/0090):
-- failed public-ID lookups and token calls per client address, and e-mails per recipient per day.
-- One atomic upsert reserves an attempt before its work; a hit gives it back.
CREATE TABLE IF NOT EXISTS "failure_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "failure_counts_window_idx" ON "failure_counts" ("window_started_at");
