CREATE TABLE `shortlink_visit_days` (
	`shortlink_id` text NOT NULL,
	`day` text NOT NULL,
	`visits` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`shortlink_id`, `day`),
	FOREIGN KEY (`shortlink_id`) REFERENCES `shortlinks`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `entrants` ADD `profile_opened_by` text REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `entrants` ADD `profile_opened_at` text;