DROP INDEX `heartbeats_last`;--> statement-breakpoint
DROP INDEX `heartbeats_student`;--> statement-breakpoint
CREATE INDEX `heartbeats_student` ON `heartbeats` (`student_id`);--> statement-breakpoint
DROP INDEX `course_records_course`;--> statement-breakpoint
DROP INDEX `course_records_school`;--> statement-breakpoint
CREATE INDEX `course_records_course` ON `course_records` (`course_id`);--> statement-breakpoint
CREATE INDEX `course_records_school` ON `course_records` (`school_id`);--> statement-breakpoint
DROP INDEX `learn_records_school`;--> statement-breakpoint
CREATE INDEX `learn_records_school` ON `learn_records` (`school_id`);