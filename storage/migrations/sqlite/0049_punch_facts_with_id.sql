-- The QC checks join reviews to a month of punches by the punch's id: an index that holds the
-- punch time, the id and the columns the counts read, as PostgreSQL's covering twin does.
CREATE INDEX service_punches_covering ON service_punches(punched_at, id, class_type, teacher_id, student_id, school_id, area_code, check_status, result_status);
