CREATE TABLE `upload_ledger` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`uploaded_by` text NOT NULL,
	`bytes` integer NOT NULL,
	`state` text NOT NULL,
	`tus_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `upload_ledger_person` ON `upload_ledger` (`uploaded_by`,`created_at`);--> statement-breakpoint
CREATE INDEX `upload_ledger_school` ON `upload_ledger` (`school_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `upload_ledger_tus` ON `upload_ledger` (`tus_id`);--> statement-breakpoint
-- Files students uploaded are served to their uploader only ('owner'), unless staff attach them.
UPDATE `files` SET `visibility` = 'owner' WHERE `uploaded_by` LIKE 'student:%' AND `visibility` = 'public';
