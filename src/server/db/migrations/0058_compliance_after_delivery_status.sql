-- One lock order for the reminders' triggers: rows of wellness_records first, the clinic's compliance lock (the
-- advisory lock of reminder_compliance_refresh, held to the end of the transaction) after. PostgreSQL fires the
-- triggers of one event in the order of their names, so a message's status change (the e-mail worker) and a
-- delivery recorded (Send reminders) took the compliance lock first (..._compliance) and then updated the status of
-- their reminders' rows (..._delivery_status). Every other writer of reminders updates or deletes their rows first
-- and takes the compliance lock in its statement trigger after: a purge of a deleted pet deleting its records while
-- the worker marked one of their messages sent deadlocked (tests/api/owner-rights.test.ts, once, on PostgreSQL).
-- Renamed, the compliance triggers fire after the delivery-status ones.
ALTER TRIGGER outbox_messages_compliance ON outbox_messages RENAME TO outbox_messages_then_compliance;--> statement-breakpoint
ALTER TRIGGER reminder_deliveries_compliance_insert ON reminder_deliveries
  RENAME TO reminder_deliveries_then_compliance_insert;--> statement-breakpoint
ALTER TRIGGER reminder_deliveries_compliance_delete ON reminder_deliveries
  RENAME TO reminder_deliveries_then_compliance_delete;
