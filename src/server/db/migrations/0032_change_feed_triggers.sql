-- Writes made outside the app (the mobile app's back end, psql, a data fix) tell every Pawtal
-- process what they changed, as the app's own writes do (docs/decisions/0093): statement triggers
-- on every table a cached read shows publish the same change notices on the channel the processes
-- listen on (pawtal_changes, src/server/cache/change-feed.ts), one per statement, at commit.
-- The app's own connections set pawtal.origin = 'app' (src/server/db/client.ts) and publish their
-- changes themselves, more precisely and before the answer leaves: the triggers skip them, so an
-- app write is not invalidated twice. A statement over more than 100 rows publishes "*" (everything).
CREATE OR REPLACE FUNCTION pawtal_publish_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  tags text[] := '{}';
  part text[];
  rel text;
  n bigint;
BEGIN
  IF current_setting('pawtal.origin', true) = 'app' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'TRUNCATE' OR TG_ARGV[0] = '*' THEN
    tags := ARRAY['*'];
  ELSE
    FOREACH rel IN ARRAY CASE TG_OP WHEN 'INSERT' THEN ARRAY['new_rows'] WHEN 'DELETE' THEN ARRAY['old_rows'] ELSE ARRAY['old_rows', 'new_rows'] END LOOP
      EXECUTE format('SELECT count(*) FROM %I', rel) INTO n;
      IF n > 100 THEN
        tags := ARRAY['*'];
        EXIT;
      END IF;
      -- TG_ARGV[0]: an array expression of the tags of one row, the row named r
      EXECUTE format('SELECT coalesce(array_agg(DISTINCT t) FILTER (WHERE t IS NOT NULL), ''{}'') FROM (SELECT unnest(%s) AS t FROM %I AS r) s', TG_ARGV[0], rel) INTO part;
      tags := tags || part;
    END LOOP;
  END IF;
  IF cardinality(tags) > 100 OR '*' = ANY (tags) THEN
    tags := ARRAY['*'];
  END IF;
  IF cardinality(tags) > 0 THEN
    PERFORM pg_notify('pawtal_changes', json_build_object('o', 'db', 't', (SELECT array_agg(DISTINCT x) FROM unnest(tags) AS x))::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Watches a table: `tags` is an array expression of one row's tags (the row is named r), or '*'.
-- A later migration adding a table that cached reads show adds one line: SELECT pawtal_watch_table(...).
CREATE OR REPLACE FUNCTION pawtal_watch_table(tbl text, tags text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DROP TRIGGER IF EXISTS pawtal_changes_insert ON %I', tbl);
  EXECUTE format('DROP TRIGGER IF EXISTS pawtal_changes_update ON %I', tbl);
  EXECUTE format('DROP TRIGGER IF EXISTS pawtal_changes_delete ON %I', tbl);
  EXECUTE format('DROP TRIGGER IF EXISTS pawtal_changes_truncate ON %I', tbl);
  EXECUTE format('CREATE TRIGGER pawtal_changes_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pawtal_publish_changes(%L)', tbl, tags);
  EXECUTE format('CREATE TRIGGER pawtal_changes_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pawtal_publish_changes(%L)', tbl, tags);
  EXECUTE format('CREATE TRIGGER pawtal_changes_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pawtal_publish_changes(%L)', tbl, tags);
  EXECUTE format('CREATE TRIGGER pawtal_changes_truncate AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION pawtal_publish_changes(%L)', tbl, tags);
END
$$;--> statement-breakpoint
-- What a public visitor sees of a pet (tags of src/server/cache/public-cache.ts, cacheTag)
SELECT pawtal_watch_table('pet_profiles', $t$ARRAY['pet:' || r.id, 'pets']$t$);--> statement-breakpoint
SELECT pawtal_watch_table('lost_pet_details', $t$ARRAY['pet:' || r.pet_profile_id, 'pets']$t$);--> statement-breakpoint
SELECT pawtal_watch_table('pet_profile_skills', $t$ARRAY['pet:' || r.pet_profile_id]$t$);--> statement-breakpoint
SELECT pawtal_watch_table('pet_co_owners', $t$ARRAY['pet:' || r.pet_profile_id]$t$);--> statement-breakpoint
SELECT pawtal_watch_table('owners', $t$ARRAY(SELECT 'pet:' || p.id FROM pet_profiles p WHERE p.owner_id = r.id)$t$);--> statement-breakpoint
SELECT pawtal_watch_table('shelters', $t$ARRAY(SELECT 'pet:' || p.id FROM pet_profiles p WHERE p.shelter_id = r.id) || ARRAY['providers:shelters', 'pets']$t$);--> statement-breakpoint
-- Directories, legal documents and reference data
SELECT pawtal_watch_table('providers', $t$ARRAY['providers:' || r.kind]$t$);--> statement-breakpoint
SELECT pawtal_watch_table('legal_documents', $t$ARRAY['legal']$t$);--> statement-breakpoint
SELECT pawtal_watch_table('pet_types', '*');--> statement-breakpoint
SELECT pawtal_watch_table('pet_breeds', '*');--> statement-breakpoint
SELECT pawtal_watch_table('countries', '*');--> statement-breakpoint
SELECT pawtal_watch_table('skills', '*');--> statement-breakpoint
SELECT pawtal_watch_table('units_of_measure', '*');--> statement-breakpoint
SELECT pawtal_watch_table('wellness_categories', '*');--> statement-breakpoint
SELECT pawtal_watch_table('wellness_category_types', '*');--> statement-breakpoint
SELECT pawtal_watch_table('wellness_category_type_units', '*');--> statement-breakpoint
-- A clinic's portal lists (and the pets they show), staff and sessions
SELECT pawtal_watch_table('wellness_records', $t$ARRAY['pet:' || r.pet_profile_id, 'clinic:' || r.clinic_id]$t$);--> statement-breakpoint
SELECT pawtal_watch_table('vet_visits', $t$ARRAY['pet:' || r.pet_profile_id, 'clinic:' || r.clinic_id]$t$);--> statement-breakpoint
SELECT pawtal_watch_table('clinic_patients', $t$ARRAY['pet:' || r.pet_profile_id, 'clinic:' || r.clinic_id]$t$);--> statement-breakpoint
SELECT pawtal_watch_table('clinics', $t$ARRAY['clinic:' || r.id]$t$);--> statement-breakpoint
SELECT pawtal_watch_table('clinic_users', $t$ARRAY['clinic:' || r.clinic_id]$t$);--> statement-breakpoint
SELECT pawtal_watch_table('sessions', $t$ARRAY['session:' || r.id]$t$);--> statement-breakpoint
SELECT pawtal_watch_table('outbox_messages', $t$ARRAY['clinic:' || (r.payload ->> 'clinicId')]$t$);
