ALTER TABLE "grid_views" DROP CONSTRAINT "grid_views_grid_check";--> statement-breakpoint
ALTER TABLE "clinic_owners" ADD COLUMN "merge_undo" jsonb;--> statement-breakpoint
ALTER TABLE "grid_views" ADD CONSTRAINT "grid_views_grid_check" CHECK ("grid_views"."grid" in ('pets', 'visits', 'owners'));