CREATE TABLE `analytics_chapter_stats` (
	`course_id` text NOT NULL,
	`chapter_id` text NOT NULL,
	`school_id` text NOT NULL,
	`started` integer DEFAULT 0 NOT NULL,
	`finished` integer DEFAULT 0 NOT NULL,
	`eff_ms` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`course_id`, `chapter_id`)
);
--> statement-breakpoint
CREATE TABLE `analytics_course_day_students` (
	`course_id` text NOT NULL,
	`day` text NOT NULL,
	`student_id` text NOT NULL,
	`school_id` text NOT NULL,
	PRIMARY KEY(`course_id`, `day`, `student_id`)
);
--> statement-breakpoint
CREATE TABLE `analytics_course_days` (
	`course_id` text NOT NULL,
	`day` text NOT NULL,
	`school_id` text NOT NULL,
	`eff_ms` integer DEFAULT 0 NOT NULL,
	`students` integer DEFAULT 0 NOT NULL,
	`completions` integer DEFAULT 0 NOT NULL,
	`enrolments` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`course_id`, `day`)
);
--> statement-breakpoint
CREATE INDEX `analytics_course_days_school` ON `analytics_course_days` (`school_id`,`day`,`course_id`);--> statement-breakpoint
CREATE TABLE `analytics_course_stats` (
	`course_id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`learners` integer DEFAULT 0 NOT NULL,
	`completed` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `analytics_course_stats_school` ON `analytics_course_stats` (`school_id`);--> statement-breakpoint
CREATE TABLE `analytics_group_days` (
	`group_id` text NOT NULL,
	`day` text NOT NULL,
	`school_id` text NOT NULL,
	`eff_ms` integer DEFAULT 0 NOT NULL,
	`students` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`group_id`, `day`)
);
--> statement-breakpoint
CREATE INDEX `analytics_group_days_school` ON `analytics_group_days` (`school_id`,`day`);--> statement-breakpoint
CREATE TABLE `analytics_school_days` (
	`school_id` text NOT NULL,
	`day` text NOT NULL,
	`eff_ms` integer DEFAULT 0 NOT NULL,
	`students` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`school_id`, `day`)
);
--> statement-breakpoint
CREATE TABLE `analytics_student_last` (
	`student_id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`last_day` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `analytics_student_last_school` ON `analytics_student_last` (`school_id`,`last_day`);--> statement-breakpoint
-- Written by hand below drizzle-kit's output: indexes on tables of other domains, the triggers that keep the
-- aggregates (server/db/schema/analytics.ts) and the backfill of existing rows. Trigger statements use NOT EXISTS
-- rather than INSERT OR IGNORE: an outer upsert's conflict handling overrides a trigger statement's OR clause.
CREATE INDEX `exam_sittings_school_submitted` ON `exam_sittings` (`school_id`,`submitted_at`);--> statement-breakpoint
CREATE TRIGGER `analytics_learn_days_insert` AFTER INSERT ON `learn_days` BEGIN
  INSERT INTO analytics_school_days (school_id, day, eff_ms, students) VALUES (new.school_id, new.day, new.eff_ms, 1)
    ON CONFLICT (school_id, day) DO UPDATE SET eff_ms = eff_ms + excluded.eff_ms, students = students + 1;
  INSERT INTO analytics_student_last (student_id, school_id, last_day) VALUES (new.student_id, new.school_id, new.day)
    ON CONFLICT (student_id) DO UPDATE SET last_day = max(last_day, excluded.last_day);
  INSERT INTO analytics_group_days (group_id, day, school_id, eff_ms, students)
    SELECT m.group_id, new.day, new.school_id, new.eff_ms, 1 FROM student_group_members m WHERE m.student_id = new.student_id
    ON CONFLICT (group_id, day) DO UPDATE SET eff_ms = eff_ms + excluded.eff_ms, students = students + 1;
END;--> statement-breakpoint
CREATE TRIGGER `analytics_learn_days_update` AFTER UPDATE OF eff_ms ON `learn_days` WHEN new.eff_ms != old.eff_ms BEGIN
  UPDATE analytics_school_days SET eff_ms = eff_ms + new.eff_ms - old.eff_ms
    WHERE school_id = new.school_id AND day = new.day;
  UPDATE analytics_group_days SET eff_ms = eff_ms + new.eff_ms - old.eff_ms
    WHERE day = new.day AND group_id IN (SELECT group_id FROM student_group_members WHERE student_id = new.student_id);
END;--> statement-breakpoint
CREATE TRIGGER `analytics_course_day_student` AFTER INSERT ON `analytics_course_day_students` BEGIN
  INSERT INTO analytics_course_days (course_id, day, school_id, students) VALUES (new.course_id, new.day, new.school_id, 1)
    ON CONFLICT (course_id, day) DO UPDATE SET students = students + 1;
END;--> statement-breakpoint
CREATE TRIGGER `analytics_learn_insert` AFTER INSERT ON `learn_records` BEGIN
  INSERT INTO analytics_chapter_stats (course_id, chapter_id, school_id, started, finished, eff_ms)
    VALUES (new.course_id, new.chapter_id, new.school_id, 1, new.completed_at IS NOT NULL, new.eff_ms)
    ON CONFLICT (course_id, chapter_id) DO UPDATE SET started = started + 1,
      finished = finished + excluded.finished, eff_ms = eff_ms + excluded.eff_ms;
  INSERT INTO analytics_course_days (course_id, day, school_id, eff_ms)
    SELECT new.course_id, strftime('%Y-%m-%d', new.updated_at / 1000, 'unixepoch', 'localtime'), new.school_id, new.eff_ms
    WHERE new.eff_ms > 0
    ON CONFLICT (course_id, day) DO UPDATE SET eff_ms = eff_ms + excluded.eff_ms;
  INSERT INTO analytics_course_day_students (course_id, day, student_id, school_id)
    SELECT new.course_id, d.day, new.student_id, new.school_id
    FROM (SELECT strftime('%Y-%m-%d', new.updated_at / 1000, 'unixepoch', 'localtime') AS day) d
    WHERE new.eff_ms > 0 AND NOT EXISTS (SELECT 1 FROM analytics_course_day_students x
      WHERE x.course_id = new.course_id AND x.day = d.day AND x.student_id = new.student_id);
END;--> statement-breakpoint
CREATE TRIGGER `analytics_learn_update` AFTER UPDATE ON `learn_records`
  WHEN new.course_id = old.course_id AND new.chapter_id = old.chapter_id
    AND (new.eff_ms != old.eff_ms OR (new.completed_at IS NULL) != (old.completed_at IS NULL)) BEGIN
  UPDATE analytics_chapter_stats SET eff_ms = eff_ms + new.eff_ms - old.eff_ms,
      finished = finished + (new.completed_at IS NOT NULL) - (old.completed_at IS NOT NULL)
    WHERE course_id = new.course_id AND chapter_id = new.chapter_id;
  INSERT INTO analytics_course_days (course_id, day, school_id, eff_ms)
    SELECT new.course_id, strftime('%Y-%m-%d', new.updated_at / 1000, 'unixepoch', 'localtime'), new.school_id,
      new.eff_ms - old.eff_ms
    WHERE new.eff_ms > old.eff_ms
    ON CONFLICT (course_id, day) DO UPDATE SET eff_ms = eff_ms + excluded.eff_ms;
  INSERT INTO analytics_course_day_students (course_id, day, student_id, school_id)
    SELECT new.course_id, d.day, new.student_id, new.school_id
    FROM (SELECT strftime('%Y-%m-%d', new.updated_at / 1000, 'unixepoch', 'localtime') AS day) d
    WHERE new.eff_ms > old.eff_ms AND NOT EXISTS (SELECT 1 FROM analytics_course_day_students x
      WHERE x.course_id = new.course_id AND x.day = d.day AND x.student_id = new.student_id);
END;--> statement-breakpoint
CREATE TRIGGER `analytics_learn_moved` AFTER UPDATE OF course_id, chapter_id ON `learn_records`
  WHEN new.course_id != old.course_id OR new.chapter_id != old.chapter_id BEGIN
  UPDATE analytics_chapter_stats SET started = started - 1, finished = finished - (old.completed_at IS NOT NULL),
      eff_ms = eff_ms - old.eff_ms
    WHERE course_id = old.course_id AND chapter_id = old.chapter_id;
  INSERT INTO analytics_chapter_stats (course_id, chapter_id, school_id, started, finished, eff_ms)
    VALUES (new.course_id, new.chapter_id, new.school_id, 1, new.completed_at IS NOT NULL, new.eff_ms)
    ON CONFLICT (course_id, chapter_id) DO UPDATE SET started = started + 1,
      finished = finished + excluded.finished, eff_ms = eff_ms + excluded.eff_ms;
END;--> statement-breakpoint
CREATE TRIGGER `analytics_learn_delete` AFTER DELETE ON `learn_records` BEGIN
  UPDATE analytics_chapter_stats SET started = started - 1, finished = finished - (old.completed_at IS NOT NULL),
      eff_ms = eff_ms - old.eff_ms
    WHERE course_id = old.course_id AND chapter_id = old.chapter_id;
END;--> statement-breakpoint
CREATE TRIGGER `analytics_course_record_insert` AFTER INSERT ON `course_records` BEGIN
  INSERT INTO analytics_course_stats (course_id, school_id, learners, completed)
    VALUES (new.course_id, new.school_id, 1, new.completed_at IS NOT NULL)
    ON CONFLICT (course_id) DO UPDATE SET learners = learners + 1, completed = completed + excluded.completed;
  INSERT INTO analytics_course_days (course_id, day, school_id, completions)
    SELECT new.course_id, strftime('%Y-%m-%d', new.completed_at / 1000, 'unixepoch', 'localtime'), new.school_id, 1
    WHERE new.completed_at IS NOT NULL
    ON CONFLICT (course_id, day) DO UPDATE SET completions = completions + 1;
END;--> statement-breakpoint
CREATE TRIGGER `analytics_course_record_update` AFTER UPDATE OF completed_at ON `course_records`
  WHEN (new.completed_at IS NULL) != (old.completed_at IS NULL) BEGIN
  UPDATE analytics_course_stats SET completed = completed + (new.completed_at IS NOT NULL) - (old.completed_at IS NOT NULL)
    WHERE course_id = new.course_id;
  INSERT INTO analytics_course_days (course_id, day, school_id, completions)
    SELECT new.course_id, strftime('%Y-%m-%d', new.completed_at / 1000, 'unixepoch', 'localtime'), new.school_id, 1
    WHERE new.completed_at IS NOT NULL
    ON CONFLICT (course_id, day) DO UPDATE SET completions = completions + 1;
END;--> statement-breakpoint
CREATE TRIGGER `analytics_course_record_delete` AFTER DELETE ON `course_records` BEGIN
  UPDATE analytics_course_stats SET learners = learners - 1, completed = completed - (old.completed_at IS NOT NULL)
    WHERE course_id = old.course_id;
END;--> statement-breakpoint
CREATE TRIGGER `analytics_enrolment_insert` AFTER INSERT ON `enrolments` BEGIN
  INSERT INTO analytics_course_days (course_id, day, school_id, enrolments)
    SELECT c.id, strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch', 'localtime'), c.school_id, 1
    FROM courses c WHERE c.id = new.course_id
    ON CONFLICT (course_id, day) DO UPDATE SET enrolments = enrolments + 1;
END;--> statement-breakpoint
CREATE TRIGGER `analytics_grant_insert` AFTER INSERT ON `course_grants`
  WHEN new.course_id IS NOT NULL AND new.student_id IS NOT NULL BEGIN
  INSERT INTO analytics_course_days (course_id, day, school_id, enrolments)
    VALUES (new.course_id, strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch', 'localtime'), new.school_id, 1)
    ON CONFLICT (course_id, day) DO UPDATE SET enrolments = enrolments + 1;
END;--> statement-breakpoint
-- Backfill. Study time per course and day before the upgrade is not kept anywhere: each learn record's time
-- counts on the day of its last update (exact from now on). Group days count the members as they are now.
-- Everything else is exact.
INSERT INTO analytics_school_days (school_id, day, eff_ms, students)
  SELECT school_id, day, sum(eff_ms), count(*) FROM learn_days GROUP BY school_id, day;--> statement-breakpoint
INSERT INTO analytics_student_last (student_id, school_id, last_day)
  SELECT student_id, school_id, max(day) FROM learn_days GROUP BY student_id;--> statement-breakpoint
INSERT INTO analytics_group_days (group_id, day, school_id, eff_ms, students)
  SELECT m.group_id, d.day, min(d.school_id), sum(d.eff_ms), count(*)
  FROM learn_days d JOIN student_group_members m ON m.student_id = d.student_id GROUP BY m.group_id, d.day;--> statement-breakpoint
INSERT INTO analytics_chapter_stats (course_id, chapter_id, school_id, started, finished, eff_ms)
  SELECT course_id, chapter_id, min(school_id), count(*), count(completed_at), sum(eff_ms)
  FROM learn_records GROUP BY course_id, chapter_id;--> statement-breakpoint
INSERT INTO analytics_course_stats (course_id, school_id, learners, completed)
  SELECT course_id, min(school_id), count(*), count(completed_at) FROM course_records GROUP BY course_id;--> statement-breakpoint
INSERT INTO analytics_course_day_students (course_id, day, student_id, school_id)
  SELECT DISTINCT course_id, strftime('%Y-%m-%d', updated_at / 1000, 'unixepoch', 'localtime'), student_id, school_id
  FROM learn_records WHERE eff_ms > 0;--> statement-breakpoint
INSERT INTO analytics_course_days (course_id, day, school_id, eff_ms)
  SELECT course_id, strftime('%Y-%m-%d', updated_at / 1000, 'unixepoch', 'localtime') AS d, min(school_id), sum(eff_ms)
  FROM learn_records WHERE eff_ms > 0 GROUP BY course_id, d
  ON CONFLICT (course_id, day) DO UPDATE SET eff_ms = eff_ms + excluded.eff_ms;--> statement-breakpoint
INSERT INTO analytics_course_days (course_id, day, school_id, completions)
  SELECT course_id, strftime('%Y-%m-%d', completed_at / 1000, 'unixepoch', 'localtime') AS d, min(school_id), count(*)
  FROM course_records WHERE completed_at IS NOT NULL GROUP BY course_id, d
  ON CONFLICT (course_id, day) DO UPDATE SET completions = completions + excluded.completions;--> statement-breakpoint
INSERT INTO analytics_course_days (course_id, day, school_id, enrolments)
  SELECT e.course_id, strftime('%Y-%m-%d', e.created_at / 1000, 'unixepoch', 'localtime') AS d, min(c.school_id), count(*)
  FROM enrolments e JOIN courses c ON c.id = e.course_id GROUP BY e.course_id, d
  ON CONFLICT (course_id, day) DO UPDATE SET enrolments = enrolments + excluded.enrolments;--> statement-breakpoint
INSERT INTO analytics_course_days (course_id, day, school_id, enrolments)
  SELECT course_id, strftime('%Y-%m-%d', created_at / 1000, 'unixepoch', 'localtime') AS d, min(school_id), count(*)
  FROM course_grants WHERE course_id IS NOT NULL AND student_id IS NOT NULL GROUP BY course_id, d
  ON CONFLICT (course_id, day) DO UPDATE SET enrolments = enrolments + excluded.enrolments;
