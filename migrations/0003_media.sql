CREATE TABLE `files` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`key` text NOT NULL,
	`original_name` text NOT NULL,
	`mime` text NOT NULL,
	`ext` text NOT NULL,
	`size` integer NOT NULL,
	`visibility` text DEFAULT 'public' NOT NULL,
	`uploaded_by` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `files_key` ON `files` (`key`);--> statement-breakpoint
CREATE INDEX `files_school` ON `files` (`school_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `media_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`resource_id` text NOT NULL,
	`task` text NOT NULL,
	`state` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`max_attempts` integer DEFAULT 3 NOT NULL,
	`error` text DEFAULT '' NOT NULL,
	`run_after` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	FOREIGN KEY (`resource_id`) REFERENCES `resources`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `media_jobs_state` ON `media_jobs` (`state`,`run_after`);--> statement-breakpoint
CREATE TABLE `resource_categories` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`parent_id` text DEFAULT '0' NOT NULL,
	`title` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `resource_categories_school` ON `resource_categories` (`school_id`,`parent_id`);--> statement-breakpoint
CREATE TABLE `resources` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`category_id` text DEFAULT '0' NOT NULL,
	`title` text NOT NULL,
	`file_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'ready' NOT NULL,
	`status_message` text DEFAULT '' NOT NULL,
	`duration` integer DEFAULT 0 NOT NULL,
	`outputs` text DEFAULT '{}' NOT NULL,
	`subtitles` text DEFAULT '[]' NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`file_id`) REFERENCES `files`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `resources_school_cat` ON `resources` (`school_id`,`category_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `chapters` ADD `resource_id` text DEFAULT '' NOT NULL;