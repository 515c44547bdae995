CREATE TABLE `chapter_exercises` (
	`id` text PRIMARY KEY NOT NULL,
	`chapter_id` text NOT NULL,
	`course_id` text NOT NULL,
	`school_id` text NOT NULL,
	`set_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`set_id`) REFERENCES `exercise_sets`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chapter_exercises_chapter` ON `chapter_exercises` (`chapter_id`);--> statement-breakpoint
CREATE INDEX `chapter_exercises_course` ON `chapter_exercises` (`course_id`);--> statement-breakpoint
CREATE TABLE `exam_answers` (
	`sitting_id` text NOT NULL,
	`question_id` text NOT NULL,
	`answer` text NOT NULL,
	`status` text DEFAULT 'saved' NOT NULL,
	`is_right` integer DEFAULT false NOT NULL,
	`point` real DEFAULT 0 NOT NULL,
	`saved_at` integer NOT NULL,
	`marked_by` text,
	`marked_at` integer,
	PRIMARY KEY(`sitting_id`, `question_id`),
	FOREIGN KEY (`sitting_id`) REFERENCES `exam_sittings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `exam_audience` (
	`exam_id` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	PRIMARY KEY(`exam_id`, `target_type`, `target_id`),
	FOREIGN KEY (`exam_id`) REFERENCES `exams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `exam_categories` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`title` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `exam_categories_school` ON `exam_categories` (`school_id`,`position`);--> statement-breakpoint
CREATE TABLE `exam_sittings` (
	`id` text PRIMARY KEY NOT NULL,
	`exam_id` text NOT NULL,
	`student_id` text NOT NULL,
	`school_id` text NOT NULL,
	`attempt` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`closed_by` text,
	`started_at` integer NOT NULL,
	`deadline_at` integer NOT NULL,
	`submitted_at` integer,
	`score` real DEFAULT 0 NOT NULL,
	`total_score` real DEFAULT 0 NOT NULL,
	`pass_score` real DEFAULT 0 NOT NULL,
	`passed` integer DEFAULT false NOT NULL,
	`pending_marks` integer DEFAULT 0 NOT NULL,
	`questions` text NOT NULL,
	FOREIGN KEY (`exam_id`) REFERENCES `exams`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `exam_sittings_one_open` ON `exam_sittings` (`student_id`) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX `exam_sittings_exam` ON `exam_sittings` (`exam_id`,`student_id`);--> statement-breakpoint
CREATE INDEX `exam_sittings_deadline` ON `exam_sittings` (`status`,`deadline_at`);--> statement-breakpoint
CREATE TABLE `exams` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`paper_id` text NOT NULL,
	`category_id` text DEFAULT '' NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`duration_sec` integer NOT NULL,
	`opens_at` integer,
	`closes_at` integer,
	`attempts` integer DEFAULT 1 NOT NULL,
	`show_results` text DEFAULT 'score' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`course_id` text DEFAULT '' NOT NULL,
	`chapter_id` text DEFAULT '' NOT NULL,
	`optional` integer DEFAULT false NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`created_by` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`paper_id`) REFERENCES `papers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `exams_school` ON `exams` (`school_id`,`deleted`,`status`);--> statement-breakpoint
CREATE INDEX `exams_chapter` ON `exams` (`course_id`,`chapter_id`);--> statement-breakpoint
CREATE TABLE `exercise_answers` (
	`student_id` text NOT NULL,
	`chapter_id` text NOT NULL,
	`question_id` text NOT NULL,
	`course_id` text NOT NULL,
	`school_id` text NOT NULL,
	`answer` text NOT NULL,
	`status` text NOT NULL,
	`is_right` integer DEFAULT false NOT NULL,
	`point` real DEFAULT 0 NOT NULL,
	`attempts` integer DEFAULT 1 NOT NULL,
	`answered_at` integer NOT NULL,
	`marked_by` text,
	`marked_at` integer,
	PRIMARY KEY(`student_id`, `chapter_id`, `question_id`),
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `exercise_answers_course` ON `exercise_answers` (`course_id`,`student_id`);--> statement-breakpoint
CREATE INDEX `exercise_answers_marking` ON `exercise_answers` (`school_id`,`status`);--> statement-breakpoint
CREATE TABLE `exercise_set_questions` (
	`set_id` text NOT NULL,
	`question_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`show_answer` integer DEFAULT true NOT NULL,
	PRIMARY KEY(`set_id`, `question_id`),
	FOREIGN KEY (`set_id`) REFERENCES `exercise_sets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `exercise_set_questions_question` ON `exercise_set_questions` (`question_id`);--> statement-breakpoint
CREATE TABLE `exercise_sets` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`title` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `exercise_sets_school` ON `exercise_sets` (`school_id`);--> statement-breakpoint
CREATE TABLE `paper_questions` (
	`paper_id` text NOT NULL,
	`question_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`point` real NOT NULL,
	PRIMARY KEY(`paper_id`, `question_id`),
	FOREIGN KEY (`paper_id`) REFERENCES `papers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `paper_questions_question` ON `paper_questions` (`question_id`);--> statement-breakpoint
CREATE TABLE `papers` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`title` text NOT NULL,
	`mode` text DEFAULT 'fixed' NOT NULL,
	`draw_rules` text DEFAULT '[]' NOT NULL,
	`total_score` real DEFAULT 0 NOT NULL,
	`pass_score` real DEFAULT 0 NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `papers_school` ON `papers` (`school_id`,`deleted`);--> statement-breakpoint
CREATE TABLE `question_categories` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`parent_id` text DEFAULT '0' NOT NULL,
	`title` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `question_categories_school` ON `question_categories` (`school_id`,`parent_id`,`position`);--> statement-breakpoint
CREATE TABLE `questions` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`category_id` text DEFAULT '' NOT NULL,
	`type` integer NOT NULL,
	`content` text NOT NULL,
	`options` text DEFAULT '[]' NOT NULL,
	`answer` text DEFAULT '' NOT NULL,
	`point` real DEFAULT 1 NOT NULL,
	`explanation` text DEFAULT '' NOT NULL,
	`show_answer` integer DEFAULT true NOT NULL,
	`difficulty` integer DEFAULT 3 NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`created_by` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `questions_school` ON `questions` (`school_id`,`deleted`,`category_id`,`type`);