-- The clinic's postal address, printed on its vaccination certificates and visit summaries (issue 22):
-- free text, one line per line of the address; '' until the clinic has one.
ALTER TABLE "clinics" ADD COLUMN "address" text DEFAULT '' NOT NULL;
