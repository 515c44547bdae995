CREATE TABLE `articles` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`title` text NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`img` text DEFAULT '' NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`pinned` integer DEFAULT false NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `articles_school` ON `articles` (`school_id`,`status`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`kind` text DEFAULT 'course' NOT NULL,
	`parent_id` text DEFAULT '0' NOT NULL,
	`title` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`depth` integer DEFAULT 1 NOT NULL,
	`lft` integer DEFAULT 0 NOT NULL,
	`rgt` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `categories_tree` ON `categories` (`school_id`,`kind`,`lft`);--> statement-breakpoint
CREATE TABLE `chapters` (
	`id` text PRIMARY KEY NOT NULL,
	`course_id` text NOT NULL,
	`parent_id` text DEFAULT '0' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`title` text NOT NULL,
	`type` integer DEFAULT 0 NOT NULL,
	`free` integer DEFAULT false NOT NULL,
	`allowdownload` integer DEFAULT false NOT NULL,
	`showgrade` integer DEFAULT false NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chapters_course` ON `chapters` (`course_id`,`parent_id`,`position`);--> statement-breakpoint
CREATE TABLE `collects` (
	`student_id` text NOT NULL,
	`course_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`student_id`, `course_id`),
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `column_books` (
	`student_id` text NOT NULL,
	`column_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`student_id`, `column_id`),
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`column_id`) REFERENCES `columns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `column_collects` (
	`student_id` text NOT NULL,
	`column_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`student_id`, `column_id`),
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`column_id`) REFERENCES `columns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `column_courses` (
	`column_id` text NOT NULL,
	`course_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`column_id`, `course_id`),
	FOREIGN KEY (`column_id`) REFERENCES `columns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `column_courses_course` ON `column_courses` (`course_id`);--> statement-breakpoint
CREATE TABLE `columns` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`catid` text DEFAULT '0' NOT NULL,
	`title` text NOT NULL,
	`img` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`actual_fen` integer DEFAULT 0 NOT NULL,
	`price_fen` integer DEFAULT 0 NOT NULL,
	`ce_type` integer DEFAULT 0 NOT NULL,
	`ce_time` text DEFAULT '' NOT NULL,
	`book_count` integer DEFAULT 0 NOT NULL,
	`published` integer DEFAULT false NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`top` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `columns_school` ON `columns` (`school_id`,`catid`);--> statement-breakpoint
CREATE TABLE `course_tags` (
	`course_id` text NOT NULL,
	`tag_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`course_id`, `tag_id`),
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `course_tags_tag` ON `course_tags` (`tag_id`);--> statement-breakpoint
CREATE TABLE `courses` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`catid` text DEFAULT '0' NOT NULL,
	`title` text NOT NULL,
	`img` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`keywords` text DEFAULT '' NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`type` integer DEFAULT 0 NOT NULL,
	`level` integer DEFAULT 0 NOT NULL,
	`label` integer DEFAULT 0 NOT NULL,
	`actual_fen` integer DEFAULT 0 NOT NULL,
	`price_fen` integer DEFAULT 0 NOT NULL,
	`ce_type` integer DEFAULT 0 NOT NULL,
	`ce_time` text DEFAULT '' NOT NULL,
	`authentication_gid` text DEFAULT '' NOT NULL,
	`order_rest` integer DEFAULT false NOT NULL,
	`duration` integer DEFAULT 0 NOT NULL,
	`lcount` integer DEFAULT 0 NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`settings` text DEFAULT '{}' NOT NULL,
	`private` integer DEFAULT false NOT NULL,
	`published` integer DEFAULT false NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`top` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `courses_school_cat` ON `courses` (`school_id`,`catid`);--> statement-breakpoint
CREATE INDEX `courses_school_created` ON `courses` (`school_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `enrolments` (
	`student_id` text NOT NULL,
	`course_id` text NOT NULL,
	`source` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`student_id`, `course_id`),
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `enrolments_course` ON `enrolments` (`course_id`);--> statement-breakpoint
CREATE TABLE `home_settings` (
	`school_id` text PRIMARY KEY NOT NULL,
	`setting` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `tags` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`name` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tags_school` ON `tags` (`school_id`);