-- Reminder e-mails per owner (issue 21, docs/decisions/0111): one e-mail covers every reminder of
-- an owner in the range sent, so the outbox's one-key-per-message no longer says which reminders a
-- message carries. reminder_deliveries does: one row per reminder (record and its due date), ever,
-- naming the message that carries it. Its primary key is the "never twice" rule: a reminder is
-- moved to a new message only when its message failed or was dropped.
CREATE TABLE "reminder_deliveries" (
	"wellness_record_id" bigint NOT NULL,
	"reminder_date" date NOT NULL,
	"clinic_id" integer NOT NULL,
	"outbox_message_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_deliveries_pk" PRIMARY KEY("wellness_record_id","reminder_date")
);--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_wellness_record_id_wellness_records_id_fk" FOREIGN KEY ("wellness_record_id") REFERENCES "public"."wellness_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_outbox_message_id_outbox_messages_id_fk" FOREIGN KEY ("outbox_message_id") REFERENCES "public"."outbox_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_deliveries_message_idx" ON "reminder_deliveries" USING btree ("outbox_message_id");--> statement-breakpoint
-- The reminder e-mails queued before: one message per reminder, keyed "reminder:<record id>:<date>".
INSERT INTO reminder_deliveries (wellness_record_id, reminder_date, clinic_id, outbox_message_id, created_at)
SELECT w.id, split_part(m.dedupe_key, ':', 3)::date, w.clinic_id, m.id, m.created_at
FROM outbox_messages m
JOIN wellness_records w ON w.id = split_part(m.dedupe_key, ':', 2)::bigint
WHERE m.kind = 'reminder' AND m.dedupe_key ~ '^reminder:[0-9]+:[0-9]{4}-[0-9]{2}-[0-9]{2}$' AND w.clinic_id IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The clinic's cached reminder lists read it (their delivery state): a write from outside the app
-- tells the processes, as for the tables of migration 0032 (docs/decisions/0093).
SELECT pawtal_watch_table('reminder_deliveries', $t$ARRAY['clinic:' || r.clinic_id]$t$);
