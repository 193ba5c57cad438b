CREATE TABLE `data_deletions` (
	`code` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`user_hash` text NOT NULL,
	`accounts` integer NOT NULL,
	`requested_at` text NOT NULL,
	`completed_at` text
);
--> statement-breakpoint
CREATE TABLE `network_events` (
	`provider` text NOT NULL,
	`id` text NOT NULL,
	`post_id` text NOT NULL,
	`action` text NOT NULL,
	`entrant` text NOT NULL,
	`text` text,
	`at` text NOT NULL,
	`received_at` text NOT NULL,
	PRIMARY KEY(`provider`, `id`)
);
--> statement-breakpoint
CREATE INDEX `network_events_post` ON `network_events` (`provider`,`post_id`);