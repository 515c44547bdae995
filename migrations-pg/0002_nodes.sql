-- Written by hand (drizzle-kit generate --custom): PostgreSQL only, for several app nodes on one database.
-- A student's learning records are changed in one node's memory at a time (server/modules/records/
-- record-leases.ts): the node that holds the lease, and a sequence that grows each time it changes hands.
-- A group commit locks its students' rows and writes only those whose lease it still holds as it was.
CREATE TABLE "record_leases" (
  "student_id" text PRIMARY KEY NOT NULL,
  "node" text NOT NULL,
  "seq" bigint NOT NULL
);
--> statement-breakpoint
-- The app nodes alive ('node:{id}', renewed every few seconds) and the leases that make a job run on one node
-- ('leader': the node that runs the scheduled sweeps and queues a dead node's work again): server/modules/
-- cluster/nodes.ts. Times are the database's clock (ms), so the nodes' own clocks do not matter.
CREATE TABLE "node_leases" (
  "name" text PRIMARY KEY NOT NULL,
  "node" text NOT NULL,
  "until" bigint NOT NULL
);
