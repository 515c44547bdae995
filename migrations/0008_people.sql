CREATE TABLE `admin_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`parent_id` text,
	`name` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `admin_groups_school` ON `admin_groups` (`school_id`);--> statement-breakpoint
CREATE TABLE `ldap_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`trigger` text NOT NULL,
	`dry_run` integer NOT NULL,
	`status` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`found` integer DEFAULT 0 NOT NULL,
	`created` integer DEFAULT 0 NOT NULL,
	`updated` integer DEFAULT 0 NOT NULL,
	`disabled` integer DEFAULT 0 NOT NULL,
	`errors` integer DEFAULT 0 NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`detail` text DEFAULT '{}' NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ldap_runs_school` ON `ldap_runs` (`school_id`,`started_at`);--> statement-breakpoint
CREATE TABLE `ldap_settings` (
	`school_id` text PRIMARY KEY NOT NULL,
	`config` text NOT NULL,
	`bind_password` text DEFAULT '' NOT NULL,
	`ca_cert` text DEFAULT '' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `student_field_values` (
	`student_id` text NOT NULL,
	`field_id` text NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`student_id`, `field_id`),
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`field_id`) REFERENCES `student_fields`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `student_field_values_field` ON `student_field_values` (`field_id`);--> statement-breakpoint
CREATE TABLE `student_fields` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`options` text DEFAULT '[]' NOT NULL,
	`required` integer DEFAULT false NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `student_fields_school` ON `student_fields` (`school_id`);--> statement-breakpoint
CREATE TABLE `student_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`admin_id` text NOT NULL,
	`file_name` text NOT NULL,
	`mode` text NOT NULL,
	`duplicates` text NOT NULL,
	`status` text NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`processed` integer DEFAULT 0 NOT NULL,
	`created` integer DEFAULT 0 NOT NULL,
	`updated` integer DEFAULT 0 NOT NULL,
	`skipped` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`report` text DEFAULT '[]' NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `student_imports_school` ON `student_imports` (`school_id`,`started_at`);--> statement-breakpoint
ALTER TABLE `admins` ADD `categories` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `admins` ADD `group_id` text;--> statement-breakpoint
ALTER TABLE `students` ADD `email` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `students` ADD `phone` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `students` ADD `source` text DEFAULT 'local' NOT NULL;--> statement-breakpoint
ALTER TABLE `students` ADD `external_id` text;--> statement-breakpoint
ALTER TABLE `students` ADD `disabled_by` text;--> statement-breakpoint
ALTER TABLE `students` ADD `updated_at` integer;--> statement-breakpoint
CREATE INDEX `students_school_external` ON `students` (`school_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `students_school_created` ON `students` (`school_id`,`created_at`);