-- provider_counts: the number of providers per (kind, country), kept in step with providers by
-- statement triggers with transition tables (one pass per statement, so a bulk insert costs one
-- grouped upsert), and filled from the rows already there (docs/decisions/0042).
INSERT INTO provider_counts (kind, country_id, n)
SELECT kind, country_id, count(*)::int FROM providers GROUP BY kind, country_id;--> statement-breakpoint
CREATE FUNCTION provider_counts_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM provider_counts;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE provider_counts c SET n = c.n - o.n
    FROM (SELECT kind, country_id, count(*)::int AS n FROM old_rows GROUP BY kind, country_id) o
    WHERE c.kind = o.kind AND c.country_id = o.country_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO provider_counts AS c (kind, country_id, n)
    SELECT kind, country_id, count(*)::int FROM new_rows GROUP BY kind, country_id ORDER BY kind, country_id
    ON CONFLICT (kind, country_id) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER provider_counts_insert AFTER INSERT ON providers
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION provider_counts_apply();--> statement-breakpoint
CREATE TRIGGER provider_counts_update AFTER UPDATE ON providers
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION provider_counts_apply();--> statement-breakpoint
CREATE TRIGGER provider_counts_delete AFTER DELETE ON providers
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION provider_counts_apply();--> statement-breakpoint
CREATE TRIGGER provider_counts_truncate AFTER TRUNCATE ON providers
FOR EACH STATEMENT EXECUTE FUNCTION provider_counts_apply();
