DROP INDEX `analytics_course_days_school`;--> statement-breakpoint
CREATE INDEX `analytics_course_days_school` ON `analytics_course_days` (`school_id`,`day`,`course_id`,`eff_ms`,`students`,`completions`,`enrolments`);--> statement-breakpoint
DROP INDEX `analytics_group_days_school`;--> statement-breakpoint
CREATE INDEX `analytics_group_days_school` ON `analytics_group_days` (`school_id`,`day`,`group_id`,`eff_ms`);