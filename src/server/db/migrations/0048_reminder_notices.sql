CREATE TABLE "reminder_notices" (
	"wellness_record_id" bigint NOT NULL,
	"reminder_date" date NOT NULL,
	"stage" smallint NOT NULL,
	"clinic_id" integer NOT NULL,
	"outbox_message_id" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminder_notices_pk" PRIMARY KEY("wellness_record_id","reminder_date","stage")
);
--> statement-breakpoint
ALTER TABLE "reminder_notices" ADD CONSTRAINT "reminder_notices_wellness_record_id_wellness_records_id_fk" FOREIGN KEY ("wellness_record_id") REFERENCES "public"."wellness_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_notices" ADD CONSTRAINT "reminder_notices_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_notices" ADD CONSTRAINT "reminder_notices_outbox_message_id_outbox_messages_id_fk" FOREIGN KEY ("outbox_message_id") REFERENCES "public"."outbox_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_notices_message_idx" ON "reminder_notices" USING btree ("outbox_message_id");