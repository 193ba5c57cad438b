CREATE TABLE `draw_commitments` (
	`contest_id` text PRIMARY KEY NOT NULL,
	`seed` text NOT NULL,
	`seed_commitment` text NOT NULL,
	`committed_at` text NOT NULL,
	`revealed_at` text,
	`moments` text,
	`moments_result` text,
	`moments_revealed_at` text,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `draws` (
	`id` text PRIMARY KEY NOT NULL,
	`contest_id` text NOT NULL,
	`kind` text NOT NULL,
	`test_index` integer NOT NULL,
	`entrants` text NOT NULL,
	`entrants_hash` text NOT NULL,
	`entrants_count` integer NOT NULL,
	`winners_count` integer NOT NULL,
	`substitutes_count` integer NOT NULL,
	`winners` text NOT NULL,
	`substitutes` text NOT NULL,
	`seed_commitment` text NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `draws_contest_kind_index` ON `draws` (`contest_id`,`kind`,`test_index`);--> statement-breakpoint
CREATE TABLE `entrants` (
	`contest_id` text NOT NULL,
	`id` text NOT NULL,
	`position` integer NOT NULL,
	`source_id` text NOT NULL,
	`provider` text NOT NULL,
	`external_id` text NOT NULL,
	`screen_name` text NOT NULL,
	`name` text NOT NULL,
	`profile_url` text,
	`account_created_at` text,
	`followers` integer DEFAULT 0 NOT NULL,
	`following` integer DEFAULT 0 NOT NULL,
	`posts` integer DEFAULT 0 NOT NULL,
	`is_bot_signal` integer DEFAULT false NOT NULL,
	`comments` text NOT NULL,
	`did` text NOT NULL,
	`repost_ratio` integer,
	`first_at` text NOT NULL,
	`valid` integer NOT NULL,
	`reasons` text NOT NULL,
	`manual_check` text DEFAULT 'pending' NOT NULL,
	`manual_check_reasons` text NOT NULL,
	`checked_by` text,
	`checked_at` text,
	`loaded_at` text NOT NULL,
	PRIMARY KEY(`contest_id`, `position`),
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`checked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `entrants_contest_id` ON `entrants` (`contest_id`,`id`);--> statement-breakpoint
CREATE INDEX `entrants_contest_valid` ON `entrants` (`contest_id`,`valid`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`contest_id` text NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`due_at` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`claimed_at` text,
	`done_at` text,
	`last_error` text,
	`result` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_contest_kind_key` ON `jobs` (`contest_id`,`kind`,`key`);--> statement-breakpoint
CREATE INDEX `jobs_status_due` ON `jobs` (`status`,`due_at`);--> statement-breakpoint
CREATE TABLE `publications` (
	`id` text PRIMARY KEY NOT NULL,
	`contest_id` text NOT NULL,
	`source_id` text NOT NULL,
	`provider` text NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`text` text NOT NULL,
	`media` text NOT NULL,
	`mode` text NOT NULL,
	`in_reply_to` text,
	`recipient` text,
	`external_post_id` text,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	`published_at` text,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `publications_key` ON `publications` (`contest_id`,`source_id`,`kind`,`key`);--> statement-breakpoint
ALTER TABLE `contests` ADD `started_at` text;--> statement-breakpoint
ALTER TABLE `contests` ADD `closed_at` text;--> statement-breakpoint
ALTER TABLE `contests` ADD `entries_loaded_at` text;--> statement-breakpoint
ALTER TABLE `contests` ADD `ended_at` text;--> statement-breakpoint
ALTER TABLE `contests` ADD `funnel` text;