-- Issue 33 (docs/decisions/0170): every clinic starts with the default reminder protocols, whichever way it is
-- made (the command line, the seed, tests, SQL); the clinics that exist get them now. Dog and cat protocols find
-- their pet type by title; where that type does not exist the row is left out (never applied to every pet).
CREATE FUNCTION reminder_protocols_defaults(p_clinic_id integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO reminder_protocols (clinic_id, title, pet_type_id, min_age_weeks, max_age_weeks, interval_days)
  SELECT p_clinic_id, d.title, pt.id, d.min_age_weeks, d.max_age_weeks, d.interval_days
  FROM (VALUES
    (1, 'Rabies', NULL, NULL::integer, NULL::integer, 365),
    (2, 'DHPP', 'Dog', NULL, 16, 21),
    (3, 'DHPP', 'Dog', 16, NULL, 365),
    (4, 'FVRCP', 'Cat', NULL, 16, 21),
    (5, 'FVRCP', 'Cat', 16, NULL, 365),
    (6, 'Leptospirosis', 'Dog', NULL, NULL, 365),
    (7, 'Bordetella', 'Dog', NULL, NULL, 180),
    (8, 'Heartworm Prevention', NULL, NULL, NULL, 30)
  ) AS d(n, title, pet_type, min_age_weeks, max_age_weeks, interval_days)
  LEFT JOIN pet_types pt ON pt.title = d.pet_type
  WHERE d.pet_type IS NULL OR pt.id IS NOT NULL
  ORDER BY d.n
$$;
--> statement-breakpoint
CREATE FUNCTION clinics_default_protocols() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reminder_protocols_defaults(NEW.id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER clinics_default_protocols AFTER INSERT ON clinics
  FOR EACH ROW EXECUTE FUNCTION clinics_default_protocols();
--> statement-breakpoint
SELECT reminder_protocols_defaults(id) FROM clinics ORDER BY id;
