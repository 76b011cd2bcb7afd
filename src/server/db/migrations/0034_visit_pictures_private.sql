-- Visit pictures are clinical records, served only through signed links (docs/decisions/0099).
-- The demo's visit pictures move to the private area (clinical/demo/, drawn there at start-up);
-- uploaded ones are moved out of uploads/ by the server at start-up (src/server/media/clinical-pictures.ts).
UPDATE wellness_records
SET image_path = 'clinical/demo/' || substr(image_path, length('records/') + 1)
WHERE category_type_id = 18 AND clinic_id IS NOT NULL AND image_path LIKE 'records/record-%';
