CREATE TABLE "sign_in_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"name" text NOT NULL,
	"screen_name" text,
	"email" text,
	"profile_picture" text,
	"created_at" text NOT NULL,
	"last_used_at" text
);
--> statement-breakpoint
CREATE TABLE "sign_in_states" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"browser" text NOT NULL,
	"nonce" text NOT NULL,
	"verifier" text,
	"next" text,
	"user_id" text,
	"created_at" text NOT NULL,
	"expires_at" text NOT NULL,
	"used_at" text
);
--> statement-breakpoint
ALTER TABLE "sign_in_accounts" ADD CONSTRAINT "sign_in_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_states" ADD CONSTRAINT "sign_in_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_accounts_subject" ON "sign_in_accounts" USING btree ("provider","subject");--> statement-breakpoint
CREATE INDEX "sign_in_accounts_user" ON "sign_in_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_states_expires" ON "sign_in_states" USING btree ("expires_at");