CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text,
	`user_id` text,
	`provider` text NOT NULL,
	`external_id` text NOT NULL,
	`name` text NOT NULL,
	`screen_name` text NOT NULL,
	`profile_picture` text,
	`url` text,
	`sandbox` integer DEFAULT false NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`meta` text,
	`linked_at` text NOT NULL,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `accounts_team` ON `accounts` (`team_id`);--> statement-breakpoint
CREATE TABLE `contests` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`name` text NOT NULL,
	`type` text DEFAULT 'tunnel' NOT NULL,
	`status` text NOT NULL,
	`start_at` text,
	`close_at` text,
	`loaded_at` text,
	`drawn_at` text,
	`canceled_at` text,
	`cb_data` text,
	`config` text,
	`meta` text,
	`paid_contest` integer DEFAULT false NOT NULL,
	`is_duplicate` integer DEFAULT false NOT NULL,
	`sandbox` integer DEFAULT false NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `contests_team_status` ON `contests` (`team_id`,`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `team_members` (
	`team_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`permissions` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`team_id`, `user_id`),
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `team_members_user` ON `team_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `teams` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`owner_id` text NOT NULL,
	`plan` text DEFAULT 'basic' NOT NULL,
	`quotas` text,
	`meta` text,
	`is_default` integer DEFAULT false NOT NULL,
	`frozen_limit_date` text,
	`created_at` text NOT NULL,
	`deleted_at` text,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`locale` text DEFAULT 'en' NOT NULL,
	`grade` text,
	`profile_picture` text,
	`current_team_id` text,
	`retweet_rate` integer,
	`created_at` text NOT NULL,
	`deleted_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);