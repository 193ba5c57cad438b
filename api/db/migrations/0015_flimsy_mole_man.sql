CREATE TABLE `sign_in_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`provider` text NOT NULL,
	`subject` text NOT NULL,
	`name` text NOT NULL,
	`screen_name` text,
	`email` text,
	`profile_picture` text,
	`created_at` text NOT NULL,
	`last_used_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sign_in_accounts_subject` ON `sign_in_accounts` (`provider`,`subject`);--> statement-breakpoint
CREATE INDEX `sign_in_accounts_user` ON `sign_in_accounts` (`user_id`);--> statement-breakpoint
CREATE TABLE `sign_in_states` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`browser` text NOT NULL,
	`nonce` text NOT NULL,
	`verifier` text,
	`next` text,
	`user_id` text,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sign_in_states_expires` ON `sign_in_states` (`expires_at`);