CREATE TABLE `learn_days` (
	`student_id` text NOT NULL,
	`school_id` text NOT NULL,
	`day` text NOT NULL,
	`eff_ms` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`student_id`, `day`),
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `learn_days_school_day` ON `learn_days` (`school_id`,`day`);