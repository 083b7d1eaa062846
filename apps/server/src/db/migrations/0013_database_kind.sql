ALTER TABLE "user_databases" ADD COLUMN "kind" varchar(16) DEFAULT 'herd' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_databases" ADD CONSTRAINT "user_databases_kind" CHECK (kind in ('herd', 'monitoring', 'accounting'));--> statement-breakpoint
-- Existing databases are herd data, except those the menus told apart before kinds existed: the
-- 1C server's databases (the 1C parser) and the databases named "monitoring" (client monitoring).
UPDATE "user_databases" SET "kind" = 'accounting' WHERE "server" = '1c.nadoy.local';--> statement-breakpoint
UPDATE "user_databases" SET "kind" = 'monitoring' WHERE "db_name" = 'monitoring' AND "server" <> '1c.nadoy.local';
