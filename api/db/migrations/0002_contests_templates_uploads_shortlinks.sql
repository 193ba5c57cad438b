CREATE TABLE `idempotency_keys` (
	`team_id` text NOT NULL,
	`key` text NOT NULL,
	`scope` text NOT NULL,
	`request_hash` text NOT NULL,
	`status` integer NOT NULL,
	`response` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`team_id`, `key`),
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `shortlink_visitors` (
	`shortlink_id` text NOT NULL,
	`visitor_hash` text NOT NULL,
	`first_seen_at` text NOT NULL,
	PRIMARY KEY(`shortlink_id`, `visitor_hash`),
	FOREIGN KEY (`shortlink_id`) REFERENCES `shortlinks`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `shortlinks` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`type` text NOT NULL,
	`domain` text NOT NULL,
	`key` text NOT NULL,
	`url` text NOT NULL,
	`nb_visits` integer DEFAULT 0 NOT NULL,
	`nb_uniq_visits` integer DEFAULT 0 NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shortlinks_domain_key` ON `shortlinks` (`domain`,`key`);--> statement-breakpoint
CREATE INDEX `shortlinks_team` ON `shortlinks` (`team_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `templates` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`name` text NOT NULL,
	`cb_data` text NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`deleted_at` text,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `templates_team` ON `templates` (`team_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`sha256` text NOT NULL,
	`mime` text NOT NULL,
	`size` integer NOT NULL,
	`original_name` text,
	`created_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uploads_team_hash` ON `uploads` (`team_id`,`sha256`);--> statement-breakpoint
CREATE INDEX `uploads_hash` ON `uploads` (`sha256`);--> statement-breakpoint
ALTER TABLE `contests` ADD `for_payment` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `contests` ADD `sources` text;--> statement-breakpoint
ALTER TABLE `contests` ADD `providers` text;--> statement-breakpoint
ALTER TABLE `contests` ADD `entries_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `contests` ADD `merged_into` text;--> statement-breakpoint
ALTER TABLE `contests` ADD `deleted_at` text;