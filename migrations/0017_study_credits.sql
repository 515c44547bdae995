CREATE TABLE `study_credits` (
	`student_id` text NOT NULL,
	`course_id` text NOT NULL,
	`school_id` text NOT NULL,
	`tenths` integer NOT NULL,
	`awarded_at` integer NOT NULL,
	PRIMARY KEY(`student_id`, `course_id`),
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `study_credits_student` ON `study_credits` (`student_id`,`awarded_at`);--> statement-breakpoint
CREATE INDEX `study_credits_school` ON `study_credits` (`school_id`);--> statement-breakpoint
ALTER TABLE `courses` ADD `credit_tenths` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand below drizzle-kit's output: the triggers that award a course's study credits when a course
-- record becomes complete (server/db/schema/credits.ts), and the backfill of records already complete. NOT EXISTS
-- rather than INSERT OR IGNORE: an outer upsert's conflict handling overrides a trigger statement's OR clause.
CREATE TRIGGER `study_credits_record_insert` AFTER INSERT ON `course_records`
  WHEN new.completed_at IS NOT NULL BEGIN
  INSERT INTO study_credits (student_id, course_id, school_id, tenths, awarded_at)
    SELECT new.student_id, new.course_id, new.school_id, c.credit_tenths, new.completed_at
    FROM courses c WHERE c.id = new.course_id AND c.credit_tenths > 0
      AND NOT EXISTS (SELECT 1 FROM study_credits x WHERE x.student_id = new.student_id AND x.course_id = new.course_id);
END;--> statement-breakpoint
CREATE TRIGGER `study_credits_record_update` AFTER UPDATE OF completed_at ON `course_records`
  WHEN new.completed_at IS NOT NULL AND old.completed_at IS NULL BEGIN
  INSERT INTO study_credits (student_id, course_id, school_id, tenths, awarded_at)
    SELECT new.student_id, new.course_id, new.school_id, c.credit_tenths, new.completed_at
    FROM courses c WHERE c.id = new.course_id AND c.credit_tenths > 0
      AND NOT EXISTS (SELECT 1 FROM study_credits x WHERE x.student_id = new.student_id AND x.course_id = new.course_id);
END;--> statement-breakpoint
-- Backfill: records complete before the upgrade earn at the course's value now (0 for every course at this point,
-- so nothing in practice; kept so the rule holds whatever the value).
INSERT INTO study_credits (student_id, course_id, school_id, tenths, awarded_at)
  SELECT r.student_id, r.course_id, r.school_id, c.credit_tenths, r.completed_at
  FROM course_records r JOIN courses c ON c.id = r.course_id
  WHERE r.completed_at IS NOT NULL AND c.credit_tenths > 0;
