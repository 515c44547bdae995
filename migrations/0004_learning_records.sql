CREATE TABLE `course_records` (
	`student_id` text NOT NULL,
	`course_id` text NOT NULL,
	`school_id` text NOT NULL,
	`last_chapter_id` text DEFAULT '' NOT NULL,
	`last_visit_at` integer NOT NULL,
	`eff_ms` integer DEFAULT 0 NOT NULL,
	`complete_chapter` integer DEFAULT 0 NOT NULL,
	`total_chapter` integer DEFAULT 0 NOT NULL,
	`process` integer DEFAULT 0 NOT NULL,
	`started_at` integer NOT NULL,
	`completed_at` integer,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`student_id`, `course_id`),
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `course_records_course` ON `course_records` (`course_id`,`last_visit_at`);--> statement-breakpoint
CREATE INDEX `course_records_school` ON `course_records` (`school_id`,`last_visit_at`);--> statement-breakpoint
CREATE TABLE `heartbeats` (
	`token_hash` text NOT NULL,
	`course_id` text NOT NULL,
	`chapter_id` text NOT NULL,
	`student_id` text NOT NULL,
	`start_ts` integer NOT NULL,
	`last_at` integer NOT NULL,
	`position` real DEFAULT 0 NOT NULL,
	`pause` integer DEFAULT false NOT NULL,
	`run_at` integer DEFAULT 0 NOT NULL,
	`run_from` real DEFAULT 0 NOT NULL,
	`play_type` text DEFAULT 'play' NOT NULL,
	`realtime` real DEFAULT 0 NOT NULL,
	`eff_time` integer DEFAULT 0 NOT NULL,
	`credited_at` integer DEFAULT 0 NOT NULL,
	`progress` real DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'recorded' NOT NULL,
	PRIMARY KEY(`token_hash`, `course_id`, `chapter_id`),
	FOREIGN KEY (`token_hash`) REFERENCES `sessions`(`token_hash`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `heartbeats_student` ON `heartbeats` (`student_id`,`credited_at`);--> statement-breakpoint
CREATE INDEX `heartbeats_last` ON `heartbeats` (`last_at`);--> statement-breakpoint
CREATE TABLE `learn_records` (
	`student_id` text NOT NULL,
	`course_id` text NOT NULL,
	`chapter_id` text NOT NULL,
	`school_id` text NOT NULL,
	`eff_ms` integer DEFAULT 0 NOT NULL,
	`watched` real DEFAULT 0 NOT NULL,
	`intervals` text DEFAULT '[]' NOT NULL,
	`progress` real DEFAULT 0 NOT NULL,
	`furthest` real DEFAULT 0 NOT NULL,
	`position` real DEFAULT 0 NOT NULL,
	`duration` real DEFAULT 0 NOT NULL,
	`completed_at` integer,
	`passed` integer DEFAULT false NOT NULL,
	`verify_status` integer DEFAULT 0 NOT NULL,
	`started_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`student_id`, `course_id`, `chapter_id`),
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `learn_records_chapter` ON `learn_records` (`course_id`,`chapter_id`);--> statement-breakpoint
CREATE INDEX `learn_records_school` ON `learn_records` (`school_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `watch_records` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`course_id` text NOT NULL,
	`chapter_id` text DEFAULT '0' NOT NULL,
	`student_id` text,
	`viewer` text NOT NULL,
	`name` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`os` text DEFAULT '' NOT NULL,
	`area` text DEFAULT '' NOT NULL,
	`watch_time` integer NOT NULL,
	`day` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `watch_records_day` ON `watch_records` (`viewer`,`course_id`,`day`);--> statement-breakpoint
CREATE INDEX `watch_records_school` ON `watch_records` (`school_id`,`watch_time`);--> statement-breakpoint
CREATE INDEX `watch_records_student` ON `watch_records` (`student_id`,`watch_time`);