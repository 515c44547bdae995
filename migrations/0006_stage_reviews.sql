CREATE TABLE `stage_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`student_id` text NOT NULL,
	`course_id` text NOT NULL,
	`chapter_id` text NOT NULL,
	`action` text NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`reviewer_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `stage_reviews_stage` ON `stage_reviews` (`student_id`,`course_id`,`chapter_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `stage_reviews_school` ON `stage_reviews` (`school_id`,`created_at`);