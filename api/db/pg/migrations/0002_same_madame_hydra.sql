CREATE TABLE "limit_hits" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"at" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "limit_hits_name_key_at" ON "limit_hits" USING btree ("name","key","at");--> statement-breakpoint
CREATE INDEX "limit_hits_at" ON "limit_hits" USING btree ("at");