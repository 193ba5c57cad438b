CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text,
	"user_id" text,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"screen_name" text NOT NULL,
	"profile_picture" text,
	"url" text,
	"sandbox" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"meta" jsonb,
	"linked_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"type" text NOT NULL,
	"user_id" text,
	"target_user_id" text,
	"meta" jsonb,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"team_id" text,
	"reason" text NOT NULL,
	"message" text NOT NULL,
	"meta" jsonb,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contests" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'tunnel' NOT NULL,
	"status" text NOT NULL,
	"start_at" text,
	"close_at" text,
	"loaded_at" text,
	"drawn_at" text,
	"canceled_at" text,
	"cb_data" jsonb,
	"config" jsonb,
	"meta" jsonb,
	"paid_contest" boolean DEFAULT false NOT NULL,
	"for_payment" boolean DEFAULT false NOT NULL,
	"is_duplicate" boolean DEFAULT false NOT NULL,
	"sources" jsonb,
	"providers" jsonb,
	"entries_count" integer DEFAULT 0 NOT NULL,
	"merged_into" text,
	"deleted_at" text,
	"sandbox" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"started_at" text,
	"closed_at" text,
	"entries_loaded_at" text,
	"ended_at" text,
	"funnel" jsonb
);
--> statement-breakpoint
CREATE TABLE "delegations" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"team_id" text NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draw_commitments" (
	"contest_id" text PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"seed_commitment" text NOT NULL,
	"committed_at" text NOT NULL,
	"revealed_at" text,
	"moments" jsonb,
	"moments_result" jsonb,
	"moments_entries" jsonb,
	"moments_revealed_at" text
);
--> statement-breakpoint
CREATE TABLE "draws" (
	"id" text PRIMARY KEY NOT NULL,
	"contest_id" text NOT NULL,
	"kind" text NOT NULL,
	"test_index" integer NOT NULL,
	"entrants" jsonb NOT NULL,
	"entrants_hash" text NOT NULL,
	"entrants_count" integer NOT NULL,
	"winners_count" integer NOT NULL,
	"substitutes_count" integer NOT NULL,
	"winners" jsonb NOT NULL,
	"substitutes" jsonb NOT NULL,
	"seed_commitment" text NOT NULL,
	"created_by" text,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entrants" (
	"contest_id" text NOT NULL,
	"id" text NOT NULL,
	"position" integer NOT NULL,
	"source_id" text NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"screen_name" text NOT NULL,
	"name" text NOT NULL,
	"profile_url" text,
	"account_created_at" text,
	"followers" integer DEFAULT 0 NOT NULL,
	"following" integer DEFAULT 0 NOT NULL,
	"posts" integer DEFAULT 0 NOT NULL,
	"is_bot_signal" boolean DEFAULT false NOT NULL,
	"comments" jsonb NOT NULL,
	"did" jsonb NOT NULL,
	"repost_ratio" integer,
	"first_at" text NOT NULL,
	"valid" boolean NOT NULL,
	"reasons" jsonb NOT NULL,
	"manual_check" text DEFAULT 'pending' NOT NULL,
	"manual_check_reasons" jsonb NOT NULL,
	"checked_by" text,
	"checked_at" text,
	"profile_opened_by" text,
	"profile_opened_at" text,
	"loaded_at" text NOT NULL,
	CONSTRAINT "entrants_contest_id_position_pk" PRIMARY KEY("contest_id","position")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"team_id" text NOT NULL,
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" text NOT NULL,
	CONSTRAINT "idempotency_keys_team_id_key_pk" PRIMARY KEY("team_id","key")
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"team_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"provider" text,
	"email" text,
	"meta" jsonb,
	"sender_id" text,
	"receiver_id" text,
	"canceler_id" text,
	"created_at" text NOT NULL,
	"sent_at" text,
	"used_at" text,
	"canceled_at" text,
	"expires_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"contest_id" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"due_at" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" text,
	"done_at" text,
	"last_error" text,
	"result" jsonb,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" text NOT NULL,
	"expires_at" text NOT NULL,
	"consumed_at" text
);
--> statement-breakpoint
CREATE TABLE "mails" (
	"id" text PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text,
	"user_id" text,
	"content" jsonb NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publications" (
	"id" text PRIMARY KEY NOT NULL,
	"contest_id" text NOT NULL,
	"source_id" text NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL,
	"media" jsonb NOT NULL,
	"mode" text NOT NULL,
	"in_reply_to" text,
	"recipient" text,
	"external_post_id" text,
	"status" text NOT NULL,
	"created_at" text NOT NULL,
	"published_at" text
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" text NOT NULL,
	"last_seen_at" text NOT NULL,
	"expires_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shortlink_visit_days" (
	"shortlink_id" text NOT NULL,
	"day" text NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shortlink_visit_days_shortlink_id_day_pk" PRIMARY KEY("shortlink_id","day")
);
--> statement-breakpoint
CREATE TABLE "shortlink_visitors" (
	"shortlink_id" text NOT NULL,
	"visitor_hash" text NOT NULL,
	"first_seen_at" text NOT NULL,
	CONSTRAINT "shortlink_visitors_shortlink_id_visitor_hash_pk" PRIMARY KEY("shortlink_id","visitor_hash")
);
--> statement-breakpoint
CREATE TABLE "shortlinks" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"type" text NOT NULL,
	"domain" text NOT NULL,
	"key" text NOT NULL,
	"url" text NOT NULL,
	"nb_visits" integer DEFAULT 0 NOT NULL,
	"nb_uniq_visits" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"permissions" jsonb,
	"created_at" text NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner_id" text NOT NULL,
	"plan" text DEFAULT 'basic' NOT NULL,
	"quotas" jsonb,
	"meta" jsonb,
	"is_default" boolean DEFAULT false NOT NULL,
	"frozen_limit_date" text,
	"subscription" jsonb,
	"created_at" text NOT NULL,
	"deleted_at" text
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"name" text NOT NULL,
	"cb_data" jsonb NOT NULL,
	"created_by" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"deleted_at" text
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"sha256" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"original_name" text,
	"created_by" text,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"grade" text,
	"profile_picture" text,
	"current_team_id" text,
	"retweet_rate" integer,
	"last_read_notification_id" text,
	"created_at" text NOT NULL,
	"deleted_at" text
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_commitments" ADD CONSTRAINT "draw_commitments_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entrants" ADD CONSTRAINT "entrants_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entrants" ADD CONSTRAINT "entrants_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entrants" ADD CONSTRAINT "entrants_profile_opened_by_users_id_fk" FOREIGN KEY ("profile_opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_canceler_id_users_id_fk" FOREIGN KEY ("canceler_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlink_visit_days" ADD CONSTRAINT "shortlink_visit_days_shortlink_id_shortlinks_id_fk" FOREIGN KEY ("shortlink_id") REFERENCES "public"."shortlinks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlink_visitors" ADD CONSTRAINT "shortlink_visitors_shortlink_id_shortlinks_id_fk" FOREIGN KEY ("shortlink_id") REFERENCES "public"."shortlinks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlinks" ADD CONSTRAINT "shortlinks_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlinks" ADD CONSTRAINT "shortlinks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_team" ON "accounts" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "activities_team" ON "activities" USING btree ("team_id","id");--> statement-breakpoint
CREATE INDEX "activities_user" ON "activities" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "contests_team_status" ON "contests" USING btree ("team_id","status","created_at");--> statement-breakpoint
CREATE INDEX "contests_created_by" ON "contests" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "delegations_user" ON "delegations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "draws_contest_kind_index" ON "draws" USING btree ("contest_id","kind","test_index");--> statement-breakpoint
CREATE INDEX "entrants_contest_id" ON "entrants" USING btree ("contest_id","id");--> statement-breakpoint
CREATE INDEX "entrants_contest_valid" ON "entrants" USING btree ("contest_id","valid");--> statement-breakpoint
CREATE UNIQUE INDEX "invites_key_unique" ON "invites" USING btree ("key");--> statement-breakpoint
CREATE INDEX "invites_team" ON "invites" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_contest_kind_key" ON "jobs" USING btree ("contest_id","kind","key");--> statement-breakpoint
CREATE INDEX "jobs_status_due" ON "jobs" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "login_codes_email" ON "login_codes" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_team" ON "notifications" USING btree ("team_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "publications_key" ON "publications" USING btree ("contest_id","source_id","kind","key");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shortlinks_domain_key" ON "shortlinks" USING btree ("domain","key");--> statement-breakpoint
CREATE INDEX "shortlinks_team" ON "shortlinks" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "team_members_user" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "templates_team" ON "templates" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_team_hash" ON "uploads" USING btree ("team_id","sha256");--> statement-breakpoint
CREATE INDEX "uploads_hash" ON "uploads" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");