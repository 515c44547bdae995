CREATE TABLE "recent_events" (
	"key" text NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "recent_events_key" ON "recent_events" USING btree ("key","at");