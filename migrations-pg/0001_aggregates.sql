-- Written by hand (drizzle-kit generate --custom): what SQLite's migrations 0016, 0017 and 0019 add beside the
-- tables. The triggers keep the analytics aggregates (server/db/schema/analytics.ts) and award study credits
-- (server/db/schema/credits.ts) exactly as SQLite's do; each is one plpgsql function. lanxue_json_object (at the end)
-- reads a settings column as a jsonb object (server/db/sql-dialect.ts).
-- lanxue_day: the local calendar day of a time in ms, in the session's time zone (the app sets it to its own
-- on connect, as SQLite's strftime(..., 'localtime') uses the process's).
CREATE INDEX "exam_sittings_school_submitted" ON "exam_sittings" ("school_id", "submitted_at");--> statement-breakpoint
CREATE FUNCTION lanxue_day(ms bigint) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char(to_timestamp(ms / 1000.0), 'YYYY-MM-DD')
$$;--> statement-breakpoint
CREATE FUNCTION analytics_learn_days_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_school_days (school_id, day, eff_ms, students) VALUES (new.school_id, new.day, new.eff_ms, 1)
    ON CONFLICT (school_id, day) DO UPDATE
    SET eff_ms = analytics_school_days.eff_ms + excluded.eff_ms, students = analytics_school_days.students + 1;
  INSERT INTO analytics_student_last (student_id, school_id, last_day) VALUES (new.student_id, new.school_id, new.day)
    ON CONFLICT (student_id) DO UPDATE SET last_day = greatest(analytics_student_last.last_day, excluded.last_day);
  INSERT INTO analytics_group_days (group_id, day, school_id, eff_ms, students)
    SELECT m.group_id, new.day, new.school_id, new.eff_ms, 1 FROM student_group_members m WHERE m.student_id = new.student_id
    ON CONFLICT (group_id, day) DO UPDATE
    SET eff_ms = analytics_group_days.eff_ms + excluded.eff_ms, students = analytics_group_days.students + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_learn_days_insert AFTER INSERT ON learn_days
  FOR EACH ROW EXECUTE FUNCTION analytics_learn_days_insert();--> statement-breakpoint
CREATE FUNCTION analytics_learn_days_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_school_days SET eff_ms = eff_ms + new.eff_ms - old.eff_ms
    WHERE school_id = new.school_id AND day = new.day;
  UPDATE analytics_group_days SET eff_ms = eff_ms + new.eff_ms - old.eff_ms
    WHERE day = new.day AND group_id IN (SELECT group_id FROM student_group_members WHERE student_id = new.student_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_learn_days_update AFTER UPDATE OF eff_ms ON learn_days
  FOR EACH ROW WHEN (new.eff_ms <> old.eff_ms) EXECUTE FUNCTION analytics_learn_days_update();--> statement-breakpoint
CREATE FUNCTION analytics_course_day_student() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_course_days (course_id, day, school_id, students) VALUES (new.course_id, new.day, new.school_id, 1)
    ON CONFLICT (course_id, day) DO UPDATE SET students = analytics_course_days.students + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_course_day_student AFTER INSERT ON analytics_course_day_students
  FOR EACH ROW EXECUTE FUNCTION analytics_course_day_student();--> statement-breakpoint
CREATE FUNCTION analytics_course_day_learnt(new learn_records, gained bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF gained <= 0 THEN RETURN; END IF;
  INSERT INTO analytics_course_days (course_id, day, school_id, eff_ms)
    VALUES (new.course_id, lanxue_day(new.updated_at), new.school_id, gained)
    ON CONFLICT (course_id, day) DO UPDATE SET eff_ms = analytics_course_days.eff_ms + excluded.eff_ms;
  INSERT INTO analytics_course_day_students (course_id, day, student_id, school_id)
    VALUES (new.course_id, lanxue_day(new.updated_at), new.student_id, new.school_id)
    ON CONFLICT DO NOTHING;
END $$;--> statement-breakpoint
CREATE FUNCTION analytics_learn_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_chapter_stats (course_id, chapter_id, school_id, started, finished, eff_ms)
    VALUES (new.course_id, new.chapter_id, new.school_id, 1, (new.completed_at IS NOT NULL)::int, new.eff_ms)
    ON CONFLICT (course_id, chapter_id) DO UPDATE SET started = analytics_chapter_stats.started + 1,
      finished = analytics_chapter_stats.finished + excluded.finished,
      eff_ms = analytics_chapter_stats.eff_ms + excluded.eff_ms;
  PERFORM analytics_course_day_learnt(new, new.eff_ms);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_learn_insert AFTER INSERT ON learn_records
  FOR EACH ROW EXECUTE FUNCTION analytics_learn_insert();--> statement-breakpoint
CREATE FUNCTION analytics_learn_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_chapter_stats SET eff_ms = eff_ms + new.eff_ms - old.eff_ms,
      finished = finished + (new.completed_at IS NOT NULL)::int - (old.completed_at IS NOT NULL)::int
    WHERE course_id = new.course_id AND chapter_id = new.chapter_id;
  PERFORM analytics_course_day_learnt(new, new.eff_ms - old.eff_ms);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_learn_update AFTER UPDATE ON learn_records
  FOR EACH ROW WHEN (new.course_id = old.course_id AND new.chapter_id = old.chapter_id
    AND (new.eff_ms <> old.eff_ms OR (new.completed_at IS NULL) <> (old.completed_at IS NULL)))
  EXECUTE FUNCTION analytics_learn_update();--> statement-breakpoint
CREATE FUNCTION analytics_learn_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_chapter_stats SET started = started - 1,
      finished = finished - (old.completed_at IS NOT NULL)::int, eff_ms = eff_ms - old.eff_ms
    WHERE course_id = old.course_id AND chapter_id = old.chapter_id;
  INSERT INTO analytics_chapter_stats (course_id, chapter_id, school_id, started, finished, eff_ms)
    VALUES (new.course_id, new.chapter_id, new.school_id, 1, (new.completed_at IS NOT NULL)::int, new.eff_ms)
    ON CONFLICT (course_id, chapter_id) DO UPDATE SET started = analytics_chapter_stats.started + 1,
      finished = analytics_chapter_stats.finished + excluded.finished,
      eff_ms = analytics_chapter_stats.eff_ms + excluded.eff_ms;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_learn_moved AFTER UPDATE OF course_id, chapter_id ON learn_records
  FOR EACH ROW WHEN (new.course_id <> old.course_id OR new.chapter_id <> old.chapter_id)
  EXECUTE FUNCTION analytics_learn_moved();--> statement-breakpoint
CREATE FUNCTION analytics_learn_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_chapter_stats SET started = started - 1,
      finished = finished - (old.completed_at IS NOT NULL)::int, eff_ms = eff_ms - old.eff_ms
    WHERE course_id = old.course_id AND chapter_id = old.chapter_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_learn_delete AFTER DELETE ON learn_records
  FOR EACH ROW EXECUTE FUNCTION analytics_learn_delete();--> statement-breakpoint
CREATE FUNCTION analytics_course_completed(new course_records) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_course_days (course_id, day, school_id, completions)
    VALUES (new.course_id, lanxue_day(new.completed_at), new.school_id, 1)
    ON CONFLICT (course_id, day) DO UPDATE SET completions = analytics_course_days.completions + 1;
  INSERT INTO study_credits (student_id, course_id, school_id, tenths, awarded_at)
    SELECT new.student_id, new.course_id, new.school_id, c.credit_tenths, new.completed_at
    FROM courses c WHERE c.id = new.course_id AND c.credit_tenths > 0
    ON CONFLICT DO NOTHING;
END $$;--> statement-breakpoint
CREATE FUNCTION analytics_course_record_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_course_stats (course_id, school_id, learners, completed)
    VALUES (new.course_id, new.school_id, 1, (new.completed_at IS NOT NULL)::int)
    ON CONFLICT (course_id) DO UPDATE SET learners = analytics_course_stats.learners + 1,
      completed = analytics_course_stats.completed + excluded.completed;
  IF new.completed_at IS NOT NULL THEN PERFORM analytics_course_completed(new); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_course_record_insert AFTER INSERT ON course_records
  FOR EACH ROW EXECUTE FUNCTION analytics_course_record_insert();--> statement-breakpoint
CREATE FUNCTION analytics_course_record_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_course_stats
    SET completed = completed + (new.completed_at IS NOT NULL)::int - (old.completed_at IS NOT NULL)::int
    WHERE course_id = new.course_id;
  IF new.completed_at IS NOT NULL THEN
    INSERT INTO analytics_course_days (course_id, day, school_id, completions)
      VALUES (new.course_id, lanxue_day(new.completed_at), new.school_id, 1)
      ON CONFLICT (course_id, day) DO UPDATE SET completions = analytics_course_days.completions + 1;
  END IF;
  IF new.completed_at IS NOT NULL AND old.completed_at IS NULL THEN
    INSERT INTO study_credits (student_id, course_id, school_id, tenths, awarded_at)
      SELECT new.student_id, new.course_id, new.school_id, c.credit_tenths, new.completed_at
      FROM courses c WHERE c.id = new.course_id AND c.credit_tenths > 0
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_course_record_update AFTER UPDATE OF completed_at ON course_records
  FOR EACH ROW WHEN ((new.completed_at IS NULL) <> (old.completed_at IS NULL))
  EXECUTE FUNCTION analytics_course_record_update();--> statement-breakpoint
CREATE FUNCTION analytics_course_record_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_course_stats SET learners = learners - 1,
      completed = completed - (old.completed_at IS NOT NULL)::int
    WHERE course_id = old.course_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_course_record_delete AFTER DELETE ON course_records
  FOR EACH ROW EXECUTE FUNCTION analytics_course_record_delete();--> statement-breakpoint
CREATE FUNCTION analytics_enrolment_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_course_days (course_id, day, school_id, enrolments)
    SELECT c.id, lanxue_day(new.created_at), c.school_id, 1 FROM courses c WHERE c.id = new.course_id
    ON CONFLICT (course_id, day) DO UPDATE SET enrolments = analytics_course_days.enrolments + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_enrolment_insert AFTER INSERT ON enrolments
  FOR EACH ROW EXECUTE FUNCTION analytics_enrolment_insert();--> statement-breakpoint
CREATE FUNCTION analytics_grant_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_course_days (course_id, day, school_id, enrolments)
    VALUES (new.course_id, lanxue_day(new.created_at), new.school_id, 1)
    ON CONFLICT (course_id, day) DO UPDATE SET enrolments = analytics_course_days.enrolments + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_grant_insert AFTER INSERT ON course_grants
  FOR EACH ROW WHEN (new.course_id IS NOT NULL AND new.student_id IS NOT NULL)
  EXECUTE FUNCTION analytics_grant_insert();
--> statement-breakpoint
CREATE FUNCTION lanxue_json_object(value text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE parsed jsonb;
BEGIN
  parsed := value::jsonb;
  IF jsonb_typeof(parsed) = 'object' THEN RETURN parsed; END IF;
  RETURN '{}'::jsonb;
EXCEPTION WHEN others THEN
  RETURN '{}'::jsonb;
END $$;
