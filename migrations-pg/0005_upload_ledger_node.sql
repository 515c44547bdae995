-- The app node receiving a multipart upload while it is pending (server/modules/cluster/nodes.ts): a dead node's
-- reservation stops counting once the leader sees it is dead, and a starting node releases only dead nodes' ones.
ALTER TABLE "upload_ledger" ADD COLUMN "node" text;
