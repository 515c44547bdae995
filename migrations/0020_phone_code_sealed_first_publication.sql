ALTER TABLE `files` ADD `storage` text DEFAULT 'local' NOT NULL;--> statement-breakpoint
ALTER TABLE `announcements` ADD `first_published_at` integer;--> statement-breakpoint
ALTER TABLE `phone_codes` ADD `code_sealed` text;--> statement-breakpoint
-- Written by hand: the first publications kept until now as app_settings rows ('announcement.published:<id>').
UPDATE `announcements` SET `first_published_at` = (
  SELECT CAST(`value` AS integer) FROM `app_settings` WHERE `key` = 'announcement.published:' || `announcements`.`id`
) WHERE `first_published_at` IS NULL;--> statement-breakpoint
DELETE FROM `app_settings` WHERE `key` LIKE 'announcement.published:%';--> statement-breakpoint
UPDATE `announcements` SET `first_published_at` = `published_at`
  WHERE `first_published_at` IS NULL AND `published_at` IS NOT NULL;
