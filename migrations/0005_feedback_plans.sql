CREATE TABLE `grades` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`student_id` text NOT NULL,
	`course_id` text NOT NULL,
	`chapter_id` text DEFAULT '0' NOT NULL,
	`score` integer NOT NULL,
	`content` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `grades_student_chapter` ON `grades` (`student_id`,`course_id`,`chapter_id`);--> statement-breakpoint
CREATE INDEX `grades_course` ON `grades` (`course_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `signatures` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`student_id` text NOT NULL,
	`course_id` text NOT NULL,
	`chapter_id` text DEFAULT '0' NOT NULL,
	`file_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`file_id`) REFERENCES `files`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `signatures_student_course` ON `signatures` (`student_id`,`course_id`);--> statement-breakpoint
CREATE INDEX `signatures_course` ON `signatures` (`course_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `plan_assignments` (
	`course_id` text NOT NULL,
	`school_id` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`assigned_by` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`course_id`, `target_type`, `target_id`),
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `plan_assignments_target` ON `plan_assignments` (`target_type`,`target_id`);--> statement-breakpoint
CREATE TABLE `study_plans` (
	`course_id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`committed_by` text,
	`committed_at` integer,
	`verified_by` text,
	`verified_at` integer,
	`reason` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `study_plans_school` ON `study_plans` (`school_id`,`status`);