ALTER TABLE "wellness_records" ADD COLUMN "reminder_state" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "wellness_records" ADD COLUMN "reminder_until" date;--> statement-breakpoint
ALTER TABLE "wellness_records" ADD COLUMN "reminder_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wellness_records" ADD COLUMN "reminder_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wellness_records" ADD CONSTRAINT "wellness_records_reminder_state_check" CHECK ("wellness_records"."reminder_state" in ('open', 'done', 'snoozed') and ("wellness_records"."reminder_state" = 'snoozed') = ("wellness_records"."reminder_until" is not null));