CREATE TABLE `live_attendance` (
	`session_id` text NOT NULL,
	`student_id` text NOT NULL,
	`seconds` integer DEFAULT 0 NOT NULL,
	`first_at` integer NOT NULL,
	`last_at` integer NOT NULL,
	PRIMARY KEY(`session_id`, `student_id`),
	FOREIGN KEY (`session_id`) REFERENCES `live_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `live_attendance_student` ON `live_attendance` (`student_id`);--> statement-breakpoint
CREATE TABLE `live_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`course_id` text NOT NULL,
	`title` text NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`teacher_id` text,
	`stream_key` text NOT NULL,
	`rotated_at` integer NOT NULL,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`client_id` text,
	`live_at` integer,
	`ended_at` integer,
	`live_seconds` integer DEFAULT 0 NOT NULL,
	`peak_viewers` integer DEFAULT 0 NOT NULL,
	`replay_resource_id` text,
	`replay_chapter_id` text,
	`replay_error` text,
	`deleted` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`teacher_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`replay_resource_id`) REFERENCES `resources`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `live_sessions_course` ON `live_sessions` (`course_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `live_sessions_school` ON `live_sessions` (`school_id`,`start_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `live_sessions_key` ON `live_sessions` (`stream_key`);