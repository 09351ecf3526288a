-- no-transaction
-- A period's lesson preparations by their facts alone: the platform usage reads a month of them
-- for its lessons and students. Its index led by class type served one view at a time; the full
-- day and system views (every class type) and the join from attendance read the whole table
-- (a school group's year: a 160 ms scan per call; docs/benchmarks.md). CONCURRENTLY: see 0047.
CREATE INDEX CONCURRENTLY IF NOT EXISTS lesson_preps_facts ON lesson_preps(start_at) INCLUDE (lesson_id, class_id, class_type, teacher_id,
    school_id, area_code, subject, grade_code, product_type, product_group, manage_project, minutes, bound_resources, published_resources,
    recycled_resources, recycle_collections, no_recycle_cause);
