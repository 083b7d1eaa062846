CREATE TABLE "herd_segments" (
	"database_id" integer NOT NULL,
	"id" bigserial NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"rule" jsonb NOT NULL,
	"owner_id" integer,
	"shared" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "herd_segments_database_id_id_pk" PRIMARY KEY("database_id","id")
);
--> statement-breakpoint
ALTER TABLE "herd_segments" ADD CONSTRAINT "herd_segments_database_id_user_databases_id_fk" FOREIGN KEY ("database_id") REFERENCES "public"."user_databases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "herd_segments" ADD CONSTRAINT "herd_segments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "herd_segments_uuid_idx" ON "herd_segments" USING btree ("database_id","uuid");--> statement-breakpoint
CREATE INDEX "herd_segments_owner_idx" ON "herd_segments" USING btree ("database_id","owner_id");