ALTER TABLE "dictionaries" ADD COLUMN "exam_date" date;--> statement-breakpoint
ALTER TABLE "review_log" ADD COLUMN "recalled" text[];--> statement-breakpoint
ALTER TABLE "review_log" ADD COLUMN "missed" text[];--> statement-breakpoint
ALTER TABLE "review_log" ADD COLUMN "confused_word_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "leech_threshold" smallint DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "words" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_log" ADD CONSTRAINT "review_log_confused_word_id_words_id_fk" FOREIGN KEY ("confused_word_id") REFERENCES "public"."words"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_log_confused_word_idx" ON "review_log" USING btree ("confused_word_id") WHERE "review_log"."confused_word_id" is not null;