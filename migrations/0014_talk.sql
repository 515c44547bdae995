CREATE TABLE `announcement_groups` (
	`announcement_id` text NOT NULL,
	`group_id` text NOT NULL,
	PRIMARY KEY(`announcement_id`, `group_id`),
	FOREIGN KEY (`announcement_id`) REFERENCES `announcements`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `announcement_views` (
	`announcement_id` text NOT NULL,
	`student_id` text NOT NULL,
	`viewed_at` integer NOT NULL,
	PRIMARY KEY(`announcement_id`, `student_id`),
	FOREIGN KEY (`announcement_id`) REFERENCES `announcements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `announcement_views_student` ON `announcement_views` (`student_id`);--> statement-breakpoint
CREATE TABLE `announcements` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`title` text NOT NULL,
	`html` text NOT NULL,
	`audience` text DEFAULT 'all' NOT NULL,
	`pinned` integer DEFAULT false NOT NULL,
	`publish_at` integer,
	`end_at` integer,
	`published_at` integer,
	`author_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `announcements_school` ON `announcements` (`school_id`,`published_at`);--> statement-breakpoint
CREATE TABLE `chapter_answers` (
	`id` text PRIMARY KEY NOT NULL,
	`question_id` text NOT NULL,
	`author_kind` text NOT NULL,
	`author_id` text NOT NULL,
	`author_name` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `chapter_questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chapter_answers_question` ON `chapter_answers` (`question_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `chapter_questions` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`course_id` text NOT NULL,
	`chapter_id` text NOT NULL,
	`student_id` text NOT NULL,
	`body` text NOT NULL,
	`video_time` integer,
	`hidden` integer DEFAULT false NOT NULL,
	`answer_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chapter_questions_course` ON `chapter_questions` (`course_id`,`chapter_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `chapter_questions_student` ON `chapter_questions` (`student_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `chapter_questions_school` ON `chapter_questions` (`school_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `inform_optouts` (
	`student_id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `inform_queue` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`channel` text NOT NULL,
	`event` text NOT NULL,
	`student_id` text,
	`recipient` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`body` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_at` integer NOT NULL,
	`last_error` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inform_queue_due` ON `inform_queue` (`status`,`next_at`);--> statement-breakpoint
CREATE INDEX `inform_queue_school` ON `inform_queue` (`school_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `inform_settings` (
	`school_id` text PRIMARY KEY NOT NULL,
	`config` text DEFAULT '{}' NOT NULL,
	`smtp_password` text DEFAULT '' NOT NULL,
	`channels` text DEFAULT '{}' NOT NULL,
	`allow_student_messages` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `inform_templates` (
	`school_id` text NOT NULL,
	`event` text NOT NULL,
	`channel` text NOT NULL,
	`locale` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`body` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`school_id`, `event`, `channel`, `locale`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `notes` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`student_id` text NOT NULL,
	`course_id` text NOT NULL,
	`chapter_id` text NOT NULL,
	`body` text NOT NULL,
	`video_time` integer,
	`page` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notes_student` ON `notes` (`student_id`,`course_id`,`chapter_id`);--> statement-breakpoint
CREATE INDEX `notes_student_updated` ON `notes` (`student_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `notices` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`student_id` text NOT NULL,
	`kind` text NOT NULL,
	`params` text DEFAULT '{}' NOT NULL,
	`link` text DEFAULT '' NOT NULL,
	`dedupe_key` text,
	`created_at` integer NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notices_student` ON `notices` (`student_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notices_unread` ON `notices` (`student_id`,`read_at`);--> statement-breakpoint
CREATE INDEX `notices_dedupe` ON `notices` (`student_id`,`dedupe_key`);--> statement-breakpoint
CREATE TABLE `private_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`sender_kind` text NOT NULL,
	`sender_id` text NOT NULL,
	`recipient_kind` text NOT NULL,
	`recipient_id` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `private_messages_recipient` ON `private_messages` (`recipient_kind`,`recipient_id`,`read_at`);--> statement-breakpoint
CREATE INDEX `private_messages_sender` ON `private_messages` (`sender_kind`,`sender_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `private_messages_school` ON `private_messages` (`school_id`,`created_at`);