-- A period's lesson preparations by their facts alone (PostgreSQL's twin has the figures).
CREATE INDEX lesson_preps_facts ON lesson_preps(start_at, lesson_id, class_id, class_type, teacher_id, school_id, area_code, subject,
    grade_code, product_type, product_group, manage_project, minutes, bound_resources, published_resources, recycled_resources,
    recycle_collections, no_recycle_cause);
