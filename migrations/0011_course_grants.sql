CREATE TABLE `course_grants` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`course_id` text,
	`column_id` text,
	`student_id` text,
	`group_id` text,
	`expires_at` integer,
	`granted_by` text,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	`revoked_by` text,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`column_id`) REFERENCES `columns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`group_id`) REFERENCES `student_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`granted_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`revoked_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `course_grants_course` ON `course_grants` (`course_id`);--> statement-breakpoint
CREATE INDEX `course_grants_column` ON `course_grants` (`column_id`);--> statement-breakpoint
CREATE INDEX `course_grants_student` ON `course_grants` (`student_id`);--> statement-breakpoint
CREATE INDEX `course_grants_group` ON `course_grants` (`group_id`);--> statement-breakpoint
CREATE TABLE `grant_audit` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`grant_id` text NOT NULL,
	`action` text NOT NULL,
	`actor_id` text NOT NULL,
	`course_id` text,
	`column_id` text,
	`student_id` text,
	`group_id` text,
	`before` text,
	`after` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `grant_audit_school` ON `grant_audit` (`school_id`,`at`);--> statement-breakpoint
CREATE INDEX `grant_audit_course` ON `grant_audit` (`course_id`);--> statement-breakpoint
CREATE INDEX `grant_audit_student` ON `grant_audit` (`student_id`);