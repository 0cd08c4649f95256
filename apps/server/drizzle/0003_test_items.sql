CREATE TABLE "test_items" (
	"test_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"item" jsonb NOT NULL,
	CONSTRAINT "test_items_test_id_position_pk" PRIMARY KEY("test_id","position")
);
--> statement-breakpoint
-- Existing tests keep every word and answer: their array is split into one row per word
-- (0004 then drops the array).
ALTER TABLE "test_sessions" ADD COLUMN "total" integer;--> statement-breakpoint
INSERT INTO "test_items" ("test_id", "position", "item")
  SELECT "test_sessions"."id", "word"."ordinality" - 1, "word"."value"
  FROM "test_sessions", jsonb_array_elements("test_sessions"."items") WITH ORDINALITY AS "word";--> statement-breakpoint
UPDATE "test_sessions" SET "total" = jsonb_array_length("items");--> statement-breakpoint
ALTER TABLE "test_sessions" ALTER COLUMN "total" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "test_items" ADD CONSTRAINT "test_items_test_id_test_sessions_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."test_sessions"("id") ON DELETE cascade ON UPDATE no action;