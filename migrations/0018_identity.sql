CREATE TABLE `external_identities` (
	`school_id` text NOT NULL,
	`provider` text NOT NULL,
	`subject` text NOT NULL,
	`role` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_login_at` integer NOT NULL,
	PRIMARY KEY(`school_id`, `provider`, `subject`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `external_identities_user` ON `external_identities` (`role`,`user_id`);--> statement-breakpoint
CREATE TABLE `phone_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`student_id` text NOT NULL,
	`phone` text NOT NULL,
	`code_hash` text NOT NULL,
	`ip` text DEFAULT '' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `phone_codes_phone` ON `phone_codes` (`phone`,`created_at`);--> statement-breakpoint
CREATE INDEX `phone_codes_student` ON `phone_codes` (`student_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `phone_codes_ip` ON `phone_codes` (`ip`,`created_at`);--> statement-breakpoint
CREATE TABLE `sso_logins` (
	`state` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`nonce` text NOT NULL,
	`code_verifier` text NOT NULL,
	`audience` text NOT NULL,
	`return_to` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sso_logins_expires` ON `sso_logins` (`expires_at`);--> statement-breakpoint
CREATE TABLE `used_assertions` (
	`school_id` text NOT NULL,
	`jti` text NOT NULL,
	`used_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`school_id`, `jti`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `used_assertions_expires` ON `used_assertions` (`expires_at`);