-- The app node working on a job, a message or a sync (server/modules/cluster/nodes.ts), and one LDAP sync at a
-- time per school whichever node runs it. No sync runs while the server upgrades: one left 'running' by a
-- stopped server is marked failed first (as the start does), so the index can be made.
UPDATE "ldap_runs" SET "status" = 'failed', "finished_at" = "started_at", "message" = 'the server stopped during the run' WHERE "status" = 'running';--> statement-breakpoint
ALTER TABLE "media_jobs" ADD COLUMN "node" text;--> statement-breakpoint
ALTER TABLE "ldap_runs" ADD COLUMN "node" text;--> statement-breakpoint
ALTER TABLE "inform_queue" ADD COLUMN "node" text;--> statement-breakpoint
CREATE UNIQUE INDEX "ldap_runs_one_running" ON "ldap_runs" USING btree ("school_id") WHERE status = 'running';