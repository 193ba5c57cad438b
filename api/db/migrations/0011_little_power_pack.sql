CREATE TABLE `network_quota` (
	`network` text NOT NULL,
	`project` text NOT NULL,
	`day` text NOT NULL,
	`units` integer DEFAULT 0 NOT NULL,
	`paused_until` text,
	PRIMARY KEY(`network`, `project`, `day`)
);
--> statement-breakpoint
CREATE TABLE `oauth_states` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`session_id` text NOT NULL,
	`user_id` text NOT NULL,
	`team_id` text NOT NULL,
	`invite_key` text,
	`verifier` text,
	`pending` text,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `oauth_states_expires` ON `oauth_states` (`expires_at`);