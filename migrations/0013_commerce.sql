CREATE TABLE `code_batches` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`kind` text NOT NULL,
	`target_id` text NOT NULL,
	`title` text NOT NULL,
	`count` integer NOT NULL,
	`uses_per_code` integer DEFAULT 1 NOT NULL,
	`days` integer,
	`expires_at` integer,
	`disabled_at` integer,
	`disabled_by` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `code_batches_school` ON `code_batches` (`school_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `code_redemptions` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`code_id` text NOT NULL,
	`batch_id` text NOT NULL,
	`student_id` text NOT NULL,
	`ip` text DEFAULT '' NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`code_id`) REFERENCES `redeem_codes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `code_redemptions_once` ON `code_redemptions` (`code_id`,`student_id`);--> statement-breakpoint
CREATE INDEX `code_redemptions_batch` ON `code_redemptions` (`batch_id`);--> statement-breakpoint
CREATE TABLE `enrolment_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`course_id` text NOT NULL,
	`secret` text NOT NULL,
	`group_ids` text DEFAULT '' NOT NULL,
	`max_uses` integer,
	`used` integer DEFAULT 0 NOT NULL,
	`starts_at` integer,
	`ends_at` integer,
	`enabled` integer DEFAULT true NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `enrolment_keys_course` ON `enrolment_keys` (`course_id`);--> statement-breakpoint
CREATE INDEX `enrolment_keys_school` ON `enrolment_keys` (`school_id`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`order_id` text NOT NULL,
	`student_id` text NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`tax_number` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`amount_fen` integer NOT NULL,
	`status` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`handled_by` text,
	`handled_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_order` ON `invoices` (`order_id`);--> statement-breakpoint
CREATE INDEX `invoices_school` ON `invoices` (`school_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `member_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`price_fen` integer DEFAULT 0 NOT NULL,
	`days` integer NOT NULL,
	`category_ids` text DEFAULT '[]' NOT NULL,
	`published` integer DEFAULT false NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `member_plans_school` ON `member_plans` (`school_id`);--> statement-breakpoint
CREATE TABLE `memberships` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`student_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`since` integer NOT NULL,
	`until` integer NOT NULL,
	`via` text NOT NULL,
	`ref` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	`revoked_by` text,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `member_plans`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `memberships_student` ON `memberships` (`student_id`);--> statement-breakpoint
CREATE INDEX `memberships_plan` ON `memberships` (`plan_id`);--> statement-breakpoint
CREATE TABLE `order_events` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`order_id` text NOT NULL,
	`action` text NOT NULL,
	`actor_kind` text NOT NULL,
	`actor_id` text,
	`before` text,
	`after` text,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `order_events_order` ON `order_events` (`order_id`,`at`);--> statement-breakpoint
CREATE INDEX `order_events_school` ON `order_events` (`school_id`,`at`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`student_id` text NOT NULL,
	`kind` text NOT NULL,
	`target_id` text NOT NULL,
	`title` text NOT NULL,
	`price_fen` integer NOT NULL,
	`amount_fen` integer NOT NULL,
	`renew` integer DEFAULT false NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`paid_at` integer,
	`paid_fen` integer,
	`pay_way` text,
	`trade_number` text,
	`pay_note` text,
	`confirmed_by` text,
	`closed_at` integer,
	`closed_by` text,
	`deleted_at` integer,
	`grant_ref` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `orders_school` ON `orders` (`school_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_student` ON `orders` (`student_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status` ON `orders` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `pay_admins` (
	`school_id` text NOT NULL,
	`admin_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`school_id`, `admin_id`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `payment_settings` (
	`school_id` text PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`instructions` text DEFAULT '' NOT NULL,
	`timeout_hours` integer DEFAULT 72 NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `point_ledger` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`student_id` text NOT NULL,
	`delta` integer NOT NULL,
	`reason` text NOT NULL,
	`ref` text NOT NULL,
	`day` text NOT NULL,
	`actor_id` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `point_ledger_once` ON `point_ledger` (`student_id`,`reason`,`ref`);--> statement-breakpoint
CREATE INDEX `point_ledger_day` ON `point_ledger` (`student_id`,`day`,`reason`);--> statement-breakpoint
CREATE INDEX `point_ledger_school` ON `point_ledger` (`school_id`,`at`);--> statement-breakpoint
CREATE TABLE `point_rules` (
	`school_id` text NOT NULL,
	`rule` text NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`daily_limit` integer DEFAULT 0 NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`school_id`, `rule`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `redeem_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`batch_id` text NOT NULL,
	`code` text NOT NULL,
	`max_uses` integer NOT NULL,
	`used` integer DEFAULT 0 NOT NULL,
	`disabled_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`batch_id`) REFERENCES `code_batches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `redeem_codes_code` ON `redeem_codes` (`code`);--> statement-breakpoint
CREATE INDEX `redeem_codes_batch` ON `redeem_codes` (`batch_id`);--> statement-breakpoint
ALTER TABLE `course_grants` ADD `via` text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE `course_grants` ADD `ref` text DEFAULT '' NOT NULL;