CREATE TABLE `recent_events` (
	`key` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `recent_events_key` ON `recent_events` (`key`,`at`);