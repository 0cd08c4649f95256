CREATE TABLE "blob_deletions" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "word_media" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"word_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"duration_ms" integer,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "word_media" ADD CONSTRAINT "word_media_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_media" ADD CONSTRAINT "word_media_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blob_deletions_created_idx" ON "blob_deletions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "word_media_storage_key" ON "word_media" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "word_media_word_kind_key" ON "word_media" USING btree ("word_id","kind");--> statement-breakpoint
CREATE INDEX "word_media_owner_idx" ON "word_media" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "word_media" ADD CONSTRAINT "word_media_kind_check" CHECK ("kind" IN ('picture', 'audio'));--> statement-breakpoint
-- Every row that goes, by cascade too (word, dictionary, account, guest purge), leaves its blob
-- to the blob sweep (docs/decisions/0063-word-media.md).
CREATE OR REPLACE FUNCTION wordhoard_word_media_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO blob_deletions (storage_key) VALUES (OLD.storage_key) ON CONFLICT (storage_key) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER word_media_deleted AFTER DELETE ON "word_media"
  FOR EACH ROW EXECUTE FUNCTION wordhoard_word_media_deleted();
